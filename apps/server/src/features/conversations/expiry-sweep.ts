import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { findExpiredConversations, removeConversations, type DeleteCounts } from './conversation-delete.js';

/** How often temporary chats past their expiry are swept. */
export const EXPIRY_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const BATCH = 200;

/**
 * Deletes every temporary chat whose `expired_at` has passed, with its messages and shares, in
 * small transactions so a large backlog never holds a long write lock. Safe to run on several
 * instances at once: a conversation already gone is simply not found.
 */
export async function sweepExpiredConversations(db: Db, now: Date = new Date()): Promise<DeleteCounts> {
  const totals: DeleteCounts = { conversations: 0, messages: 0 };
  for (;;) {
    const expired = await findExpiredConversations(db.kysely, now.toISOString(), BATCH);
    if (expired.length === 0) return totals;
    const before = totals.conversations;
    const byOwner = new Map<string, string[]>();
    for (const row of expired) byOwner.set(row.user_id, [...(byOwner.get(row.user_id) ?? []), row.conversation_id]);
    for (const [userId, ids] of byOwner) {
      const counts = await db.kysely.transaction().execute((trx) => removeConversations(trx, userId, ids));
      totals.conversations += counts.conversations;
      totals.messages += counts.messages;
    }
    // A batch that deleted nothing would be found again: stop rather than spin.
    if (expired.length < BATCH || totals.conversations === before) return totals;
  }
}

/**
 * Runs the sweep now and then every `intervalMs`. The timer is unref'd so it never keeps the
 * process alive, and it stops when the app closes.
 */
export function scheduleExpirySweep(app: FastifyInstance, intervalMs = EXPIRY_SWEEP_INTERVAL_MS): void {
  let running: Promise<unknown> | undefined;
  const run = () => {
    // One sweep at a time per instance; a slow one is not stacked upon.
    if (running) return;
    running = sweepExpiredConversations(app.db)
      .then((counts) => {
        if (counts.conversations > 0) app.log.info({ ...counts }, 'swept expired temporary chats');
      })
      .catch((err: unknown) => app.log.error({ err }, 'temporary chat sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    // Let a sweep in flight finish before the database closes under it.
    await running;
  });
}
