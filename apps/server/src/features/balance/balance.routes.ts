import {
  transactionsQuerySchema,
  type BalanceResponse,
  type TransactionsPage,
} from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/parse.js';
import type { BillingDeps } from './billing-deps.js';
import { prepareBalance } from './refill.js';
import { toTransactionView } from './transaction-view.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A query date as the ledger stores times (UTC ISO); a date-only `dateTo` means the end of that day. */
function boundary(value: string, end: boolean): string {
  if (DATE_ONLY.test(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
  return new Date(value).toISOString();
}

/** SPEC 7: GET /api/balance and GET /api/transactions, always the caller's own. */
export async function balanceRoutes(app: FastifyInstance, deps: BillingDeps): Promise<void> {
  const { db, config } = deps;

  app.get('/api/balance', { preHandler: app.authenticate }, async (request): Promise<BalanceResponse> => {
    const userId = request.user.id;
    // Off: nothing is created or refilled; a balance kept from when it was on still reads.
    if (config.balance.enabled) {
      await db.kysely.transaction().execute((trx) => prepareBalance(trx, userId, config.balance));
    }
    const row = await db.kysely.selectFrom('balances').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return { tokenCredits: 0, autoRefillEnabled: false };
    const autoRefillEnabled = row.auto_refill_enabled === 1;
    const answer: BalanceResponse = { tokenCredits: Number(row.token_credits), autoRefillEnabled };
    // LibreChat answers the refill settings only when refills are on.
    if (autoRefillEnabled) {
      answer.refillIntervalValue = row.refill_interval_value;
      answer.refillIntervalUnit = row.refill_interval_unit;
      answer.lastRefill = row.last_refill;
      answer.refillAmount = Number(row.refill_amount);
    }
    return answer;
  });

  app.get('/api/transactions', { preHandler: app.authenticate }, async (request): Promise<TransactionsPage> => {
    const query = parseInput(transactionsQuerySchema, request.query);
    let base = db.kysely.selectFrom('transactions').where('user_id', '=', request.user.id);
    if (query.dateFrom) base = base.where('created_at', '>=', boundary(query.dateFrom, false));
    if (query.dateTo) base = base.where('created_at', '<=', boundary(query.dateTo, true));
    const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const rows = await base
      .select([
        'id',
        'kind',
        'token_type',
        'model',
        'endpoint',
        'conversation_id',
        'message_id',
        'raw_amount',
        'rate',
        'token_value',
        'context',
        'created_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    return {
      transactions: rows.map(toTransactionView),
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
    };
  });
}
