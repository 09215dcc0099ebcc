import { analyticsEventBodySchema } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../platform/ids.js';
import { refuseWhenLimited, type LimiterFactory } from '../../platform/limiter.js';
import { parseInput } from '../../platform/parse.js';

/**
 * Events one user may send a minute. The app sends one per click at most (a like, a download, a
 * dialog opened), so this is far above anyone using it, and it keeps a script from filling the
 * table.
 */
export const EVENTS_PER_MINUTE = 120;

/** An event body is a name and up to 20 short flat properties: a few kilobytes at most. */
const EVENT_BODY_LIMIT = 16 * 1024;

/** SPEC 7, Analytics: the product's own events endpoint. Stores one row per event and answers 204. */
export async function eventsRoutes(app: FastifyInstance, opts: { limiter: LimiterFactory }): Promise<void> {
  const perUser = opts.limiter({ keyPrefix: 'events_user', points: EVENTS_PER_MINUTE, durationSeconds: 60 });

  app.post('/api/events', { preHandler: app.authenticate, bodyLimit: EVENT_BODY_LIMIT }, async (request, reply) => {
    // Counted before the body is checked: a flood of invalid events is refused as well.
    await refuseWhenLimited(reply, 'Too many events', perUser.consume(request.user.id));
    const { event, properties } = parseInput(analyticsEventBodySchema, request.body);
    await app.db.kysely
      .insertInto('analytics_events')
      .values({
        id: newId(),
        user_id: request.user.id,
        event,
        properties: JSON.stringify(properties),
        created_at: nowIso(),
      })
      .execute();
    return reply.status(204).send();
  });
}
