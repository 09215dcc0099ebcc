import type { TransactionKind } from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso, sortableId } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The one way a balance changes (ARCHITECTURE, "One ledger"): every change of `balances` is made
 * here together with its `transactions` row, so the balance always equals the sum of its ledger.
 * Call these inside a database transaction (each function's two writes must commit together).
 * Debits are conditional updates (`token_credits >= amount`), so concurrent spends can never take
 * a balance below zero, on either dialect.
 */

export interface LedgerEntry {
  kind: TransactionKind;
  tokenType?: 'prompt' | 'completion' | 'credits';
  model?: string | null;
  endpoint?: string | null;
  conversationId?: string | null;
  messageId?: string | null;
  /** Tokens (LibreChat's rawAmount: negative for a spend). */
  rawAmount?: number | null;
  /** Credits per token. */
  rate?: number | null;
  context?: string | null;
  /** What a credit is for (a Stripe invoice and period): a credit with a known externalId is not granted again. */
  externalId?: string | null;
}

/** How a new balance starts and refills (config.yaml `balance`). */
export interface BalanceSettings {
  startBalance: number;
  autoRefillEnabled: boolean;
  refillIntervalValue: number;
  refillIntervalUnit: string;
  refillAmount: number;
}

const toNumber = (value: number | string | null | undefined): number => Number(value ?? 0);

function ledgerRow(userId: string, tokenValue: number, entry: LedgerEntry) {
  return {
    // Time-ordered: rows written in the same millisecond (a start balance and the grant after it)
    // still list in the order they were made.
    id: sortableId(),
    user_id: userId,
    kind: entry.kind,
    token_type: entry.tokenType ?? 'credits',
    model: entry.model ?? null,
    endpoint: entry.endpoint ?? null,
    conversation_id: entry.conversationId ?? null,
    message_id: entry.messageId ?? null,
    raw_amount: entry.rawAmount ?? null,
    rate: entry.rate ?? null,
    token_value: tokenValue,
    context: entry.context ?? null,
    external_id: entry.externalId ?? null,
    created_at: nowIso(),
  };
}

/** The user's credits, or undefined when they have no balance yet. */
export async function readCredits(db: Executor, userId: string): Promise<number | undefined> {
  const row = await db.selectFrom('balances').select('token_credits').where('user_id', '=', userId).executeTakeFirst();
  return row ? toNumber(row.token_credits) : undefined;
}

/**
 * Creates the user's balance with the start balance (a 'start' ledger row) when they have none.
 * Returns true when it was created by this call.
 */
export async function ensureBalance(db: Executor, userId: string, settings: BalanceSettings): Promise<boolean> {
  const now = nowIso();
  const start = Math.max(0, Math.floor(settings.startBalance));
  const inserted = await db
    .insertInto('balances')
    .values({
      user_id: userId,
      token_credits: start,
      auto_refill_enabled: settings.autoRefillEnabled ? 1 : 0,
      refill_interval_value: settings.refillIntervalValue,
      refill_interval_unit: settings.refillIntervalUnit,
      refill_amount: settings.refillAmount,
      last_refill: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (start > 0)
    await db
      .insertInto('transactions')
      .values(ledgerRow(userId, start, { kind: 'start' }))
      .execute();
  return true;
}

/**
 * Adds credits (a refill, a subscription's monthly credits, an admin grant). With an externalId
 * already in the ledger for this kind, nothing happens and false is returned: a credit is granted
 * once, however often its event arrives. The balance must exist (ensureBalance).
 */
export async function credit(db: Executor, userId: string, amount: number, entry: LedgerEntry): Promise<boolean> {
  const credits = Math.floor(amount);
  if (credits < 0) throw new Error('A credit cannot be negative');
  const inserted = await db
    .insertInto('transactions')
    .values(ledgerRow(userId, credits, entry))
    .onConflict((oc) => oc.columns(['kind', 'external_id']).where('external_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const updated = await db
    .updateTable('balances')
    .set((eb) => ({ token_credits: eb('token_credits', '+', credits), updated_at: nowIso() }))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new Error(`No balance for user ${userId}`);
  return true;
}

/** Takes `amount` credits only if the balance holds them all; false (and nothing written) otherwise. */
export async function tryDebit(db: Executor, userId: string, amount: number, entry: LedgerEntry): Promise<boolean> {
  const credits = Math.ceil(amount);
  if (credits <= 0) return true;
  const updated = await db
    .updateTable('balances')
    .set((eb) => ({ token_credits: eb('token_credits', '-', credits), updated_at: nowIso() }))
    .where('user_id', '=', userId)
    .where('token_credits', '>=', credits)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('transactions')
    .values(ledgerRow(userId, -credits, entry))
    .execute();
  return true;
}

/**
 * Takes up to `amount` credits (what the balance holds when it holds less) and returns what was
 * taken: the settling of a cost that turned out larger than was held for it. Never below zero.
 */
export async function debitUpTo(db: Executor, userId: string, amount: number, entry: LedgerEntry): Promise<number> {
  const wanted = Math.ceil(amount);
  if (wanted <= 0) return 0;
  // Compare-and-set on the value read: a concurrent change makes the update miss, and it is read again.
  for (let attempt = 0; attempt < 20; attempt++) {
    const current = await readCredits(db, userId);
    if (current === undefined || current <= 0) return 0;
    const take = Math.min(wanted, current);
    const updated = await db
      .updateTable('balances')
      .set({ token_credits: current - take, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .where('token_credits', '=', current)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) {
      await db
        .insertInto('transactions')
        .values(ledgerRow(userId, -take, entry))
        .execute();
      return take;
    }
  }
  throw new Error('The balance kept changing while it was being settled');
}

/** The sum of a user's ledger (what their balance must equal); for checks and tests. */
export async function ledgerSum(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.sum<number | string | null>('token_value').as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toNumber(row?.total);
}
