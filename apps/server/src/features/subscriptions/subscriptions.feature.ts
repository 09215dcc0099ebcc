import type { FastifyInstance } from 'fastify';
import type { BillingDeps } from '../balance/billing-deps.js';

/**
 * PLACEHOLDER (issue 23, subscriptions helper): /api/subscriptions (overview, plans, current,
 * create-checkout-session, create-portal-session, webhook) and the test mode's checkout and portal.
 */
export async function registerSubscriptions(_app: FastifyInstance, _deps: BillingDeps): Promise<void> {}
