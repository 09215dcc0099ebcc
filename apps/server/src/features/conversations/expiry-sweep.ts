import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { schedulePeriodicSweep } from '../../platform/periodic-sweep.js';
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

/** Runs the sweep 5 s after start and then every `intervalMs`, stopping when the app closes. */
export function scheduleExpirySweep(app: FastifyInstance, intervalMs = EXPIRY_SWEEP_INTERVAL_MS): void {
  schedulePeriodicSweep(app, {
    label: 'temporary chat sweep',
    firstDelayMs: 5_000,
    intervalMs,
    sweep: async () => {
      const counts = await sweepExpiredConversations(app.db);
      if (counts.conversations > 0) app.log.info({ ...counts }, 'swept expired temporary chats');
    },
  });
}
