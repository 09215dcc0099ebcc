import type { FastifyInstance } from 'fastify';
import { balanceRoutes } from './balance.routes.js';
import type { BillingDeps } from './billing-deps.js';

/**
 * The token balance (issue 23): GET /api/balance (created with the start balance and refilled when
 * due) and GET /api/transactions. Generations are held and settled by GenerationBilling, which
 * app.ts hands to the chat.
 */
export async function registerBalance(app: FastifyInstance, deps: BillingDeps): Promise<void> {
  await app.register(balanceRoutes, deps);
}
