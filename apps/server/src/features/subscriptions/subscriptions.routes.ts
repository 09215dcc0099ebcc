import { createCheckoutSchema, type Plan, type RedirectUrlResponse } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { refuseWhenLimited } from '../../platform/limiter.js';
import { parseInput } from '../../platform/parse.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import type { TestMode } from './test-mode.js';

/** Checkouts one user may open in ten minutes: a few tries at most, and no flood of Stripe calls. */
const CHECKOUTS_PER_TEN_MINUTES = 20;

/** A Stripe event is a few kilobytes; Stripe's own limit on a webhook payload is far below this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export interface SubscriptionsRouteOptions {
  service: SubscriptionsService;
  testMode: TestMode;
}

/** SPEC 7, subscriptions: always the caller's own, and every session or subscription touched is checked to be theirs. */
export async function subscriptionsRoutes(
  app: FastifyInstance,
  { service, testMode }: SubscriptionsRouteOptions,
): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const checkouts = service.deps.limiter({
    keyPrefix: 'checkout_user',
    points: CHECKOUTS_PER_TEN_MINUTES,
    durationSeconds: 600,
  });

  app.get('/api/subscriptions', auth, (request) => service.overview(request.user.id));
  app.get('/api/subscriptions/plans', auth, (): Plan[] => (service.enabled ? service.plans : []));
  app.get('/api/subscriptions/current', auth, async (request, reply) => {
    // Fastify sends nothing for a bare null: the JSON literal is the answer.
    const current = await service.current(request.user.id);
    return reply.type('application/json').send(JSON.stringify(current));
  });

  app.post('/api/subscriptions/create-checkout-session', auth, async (request, reply): Promise<RedirectUrlResponse> => {
    const { priceId } = parseInput(createCheckoutSchema, request.body ?? {});
    await refuseWhenLimited(reply, 'Too many checkouts', checkouts.consume(request.user.id));
    const { id, email, name } = request.user;
    return service.createCheckout({ id, email, name: name ?? null }, priceId);
  });

  app.post('/api/subscriptions/create-portal-session', auth, (request): Promise<RedirectUrlResponse> =>
    service.createPortal(request.user.id),
  );

  // Test mode: the app's own checkout and portal pages (404 once Stripe is configured).
  app.get<{ Params: { id: string } }>('/api/subscriptions/test-checkout/:id', auth, (request) =>
    testMode.view(request.user.id, request.params.id),
  );
  app.post<{ Params: { id: string } }>('/api/subscriptions/test-checkout/:id/complete', auth, (request) =>
    testMode.complete(request.user.id, request.params.id),
  );
  app.post<{ Params: { id: string } }>('/api/subscriptions/test-checkout/:id/cancel', auth, (request) =>
    testMode.cancel(request.user.id, request.params.id),
  );
  app.post('/api/subscriptions/test-portal/cancel', auth, (request) => testMode.cancelSubscription(request.user.id));

  // Stripe's webhook: no session, its signature is the authentication, checked on the exact bytes
  // received, so this route alone takes its body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/subscriptions/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await service.receiveWebhook(body, typeof signature === 'string' ? signature : undefined);
      if (!outcome) throw new AppError('bad_request', 'The webhook signature does not verify.');
      return { received: true, duplicate: outcome === 'duplicate' };
    });
  });
}
