import type { FastifyInstance } from 'fastify';
import type { BillingDeps } from './billing-deps.js';

/** PLACEHOLDER (issue 23, balance helper): GET /api/balance, GET /api/transactions, refills. */
export async function registerBalance(_app: FastifyInstance, _deps: BillingDeps): Promise<void> {}
