import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import { flushSearchBacklog } from '../../db/migrations/007-sqlite-search-backlog.js';

/** How long a write may wait in SQLite's search queue when nobody searches. */
export const SEARCH_FLUSH_INTERVAL_MS = 1000;

/**
 * Indexes SQLite's queued search documents once a second, so the queue stays short and a
 * search has little to catch up on (searches also flush first). Nothing to do on PostgreSQL.
 */
export function startSearchBacklogFlusher(db: Db, log: FastifyBaseLogger, intervalMs = SEARCH_FLUSH_INTERVAL_MS) {
  if (db.dialect !== 'sqlite') return { close: () => Promise.resolve() };
  const kysely = db.kysely as unknown as Kysely<unknown>;
  let flushing: Promise<void> = Promise.resolve();
  const flush = () =>
    (flushing = flushing
      .then(() => flushSearchBacklog(kysely))
      .catch((err: unknown) => log.error({ err }, 'failed to index queued search documents')));
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    /** Stops the timer and indexes what is queued (it would otherwise wait for the next start). */
    close: () => {
      clearInterval(timer);
      return flush();
    },
  };
}
