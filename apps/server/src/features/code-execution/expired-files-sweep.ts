import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { schedulePeriodicSweep } from '../../platform/periodic-sweep.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';

/** How long a code run's file stays listed as expired (its download answers 410) before it goes. */
export const EXPIRED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const BATCH = 200;

/**
 * Removes the files whose end passed more than a grace period ago (a code run's figures and
 * tables, SPEC 3 expiresAt), rows then bytes, in small batches. Safe on several instances at once:
 * a row already gone is not found again, and deleting missing bytes is harmless.
 */
export async function sweepExpiredFiles(db: Db, storage: StorageAdapter, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - EXPIRED_FILE_GRACE_MS).toISOString();
  let removed = 0;
  for (;;) {
    const rows = await db.kysely
      .selectFrom('files')
      .select(['file_id', 'storage_key', 'thumbnail_key'])
      .where('expires_at', 'is not', null)
      .where('expires_at', '<', cutoff)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return removed;
    await db.kysely
      .deleteFrom('files')
      .where(
        'file_id',
        'in',
        rows.map((row) => row.file_id),
      )
      .execute();
    const keys = rows.flatMap((row) => (row.thumbnail_key ? [row.storage_key, row.thumbnail_key] : [row.storage_key]));
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

/** Sweeps 30 s after start and then every ten minutes, stopping when the app closes. */
export function scheduleExpiredFilesSweep(app: FastifyInstance, storage: StorageAdapter): void {
  schedulePeriodicSweep(app, {
    label: 'expired code files sweep',
    firstDelayMs: 30_000,
    intervalMs: SWEEP_INTERVAL_MS,
    sweep: async () => {
      const removed = await sweepExpiredFiles(app.db, storage);
      if (removed > 0) app.log.info({ removed }, 'removed expired code files');
    },
  });
}
