import { analyticsEventBodySchema, ANALYTICS_EVENTS } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { refuseWhenLimited, type LimiterFactory } from '../../platform/limiter.js';
import { parseInput } from '../../platform/parse.js';
import { recordEvent } from './record-event.js';

/**
 * Events one user may send a minute. The app sends one per click at most (a like, a download, a
 * dialog opened), so this is far above anyone using it, and it keeps a script from filling the
 * table.
 */
export const EVENTS_PER_MINUTE = 120;

/** An event body is a type, a chat id and up to 20 short flat fields: a few kilobytes at most. */
const EVENT_BODY_LIMIT = 16 * 1024;

const countsQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
    to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  })
  .strict();

/** A query date as events store times (UTC ISO); a date-only `to` means the end of that day. */
const boundary = (value: string, end: boolean): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : new Date(value).toISOString();

/**
 * Tabs opened before the beacon took SPEC 7's shape still send `{event, properties}`; their events
 * are read as `{type, metadata}` rather than lost. Anything else goes to the schema unchanged.
 */
function fromEarlierBeacon(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || 'type' in body || !('event' in body)) return body;
  const { event, properties, ...rest } = body as Record<string, unknown>;
  return { ...rest, type: event, ...(properties === undefined ? {} : { metadata: properties }) };
}

/** SPEC 7, Analytics: the product's own events endpoint. Stores one row per event and answers 204. */
export async function eventsRoutes(app: FastifyInstance, opts: { limiter: LimiterFactory }): Promise<void> {
  const perUser = opts.limiter({ keyPrefix: 'events_user', points: EVENTS_PER_MINUTE, durationSeconds: 60 });

  app.post('/api/events', { preHandler: app.authenticate, bodyLimit: EVENT_BODY_LIMIT }, async (request, reply) => {
    // Counted before the body is checked: a flood of invalid events is refused as well.
    await refuseWhenLimited(reply, 'Too many events', perUser.consume(request.user.id));
    const { type, chatId, metadata } = parseInput(analyticsEventBodySchema, fromEarlierBeacon(request.body));
    await recordEvent(app.db.kysely, { userId: request.user.id, type, chatId, metadata });
    return reply.status(204).send();
  });

  /** Administrators: how often each event was sent (every event named, 0 when never), optionally between two dates. */
  app.get('/api/events/counts', { preHandler: app.authenticate }, async (request) => {
    if (request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Only administrators may read event counts.');
    const { from, to } = parseInput(countsQuerySchema, request.query);
    let query = app.db.kysely
      .selectFrom('analytics_events')
      .select(['event', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('event');
    if (from) query = query.where('created_at', '>=', boundary(from, false));
    if (to) query = query.where('created_at', '<=', boundary(to, true));
    const counts: Record<string, number> = Object.fromEntries(ANALYTICS_EVENTS.map((event) => [event, 0]));
    let total = 0;
    for (const row of await query.execute()) {
      counts[row.event] = Number(row.n);
      total += Number(row.n);
    }
    return { counts, total };
  });
}
