import type { TransactionKind, TransactionView } from '@confab/shared';
import type { TransactionsTable } from '../../db/schema.js';

/** The ledger columns a listed transaction shows (all but the user and the external id). */
export type TransactionRow = Omit<TransactionsTable, 'user_id' | 'external_id'>;

/** A ledger row as GET /api/transactions and the Admin area show it. */
export function toTransactionView(row: TransactionRow): TransactionView {
  return {
    id: row.id,
    kind: row.kind as TransactionKind,
    tokenType: row.token_type,
    model: row.model,
    endpoint: row.endpoint,
    conversationId: row.conversation_id,
    messageId: row.message_id,
    rawAmount: row.raw_amount === null ? null : Number(row.raw_amount),
    rate: row.rate === null ? null : Number(row.rate),
    tokenValue: Number(row.token_value),
    context: row.context,
    createdAt: row.created_at,
  };
}
