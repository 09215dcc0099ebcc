import type { FastifyInstance } from 'fastify';
import type { BillingDeps } from '../balance/billing-deps.js';
import { createStripeClient } from './stripe-client.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { TestMode } from './test-mode.js';

/**
 * Subscriptions (issue 23): /api/subscriptions (overview, plans, current, create-checkout-session,
 * create-portal-session, webhook) through Stripe with STRIPE_SECRET_KEY, and without one the test
 * mode's own checkout and portal, whose events take the webhook's path.
 */
export async function registerSubscriptions(app: FastifyInstance, deps: BillingDeps): Promise<void> {
  const service = new SubscriptionsService(deps, await createStripeClient(deps.env));
  await app.register(subscriptionsRoutes, { service, testMode: new TestMode(service) });
}
