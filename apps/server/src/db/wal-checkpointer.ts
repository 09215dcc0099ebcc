import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the write-ahead log into the database file. */
export const CHECKPOINT_INTERVAL_MS = 500;

/**
 * The server's own connection checkpoints only past this many WAL pages (40 MB): a safety net
 * should the checkpointer thread stop. SQLite's default (1,000 pages) made every ~150th commit
 * of a busy server copy the log and fsync on the server's thread, 8-13 ms each (bench/README.md).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * Runs in the thread, as plain CommonJS (no TypeScript loader needed): its own connection to
 * the same file, a PASSIVE checkpoint on a timer. PASSIVE never waits for and never blocks the
 * server's connection; the log restarts from its beginning once a checkpoint has caught up.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next turn retries */ }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Checkpoints once more and closes the thread's connection. */
  stop(): Promise<void>;
}

/**
 * Checkpoints a SQLite database in write-ahead-log mode from a thread of its own, so copying
 * the log into the database file and its fsyncs never hold up requests.
 */
export function startWalCheckpointer(path: string, intervalMs = CHECKPOINT_INTERVAL_MS): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { driver, path, intervalMs } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // A thread that fails leaves checkpoints to the server's connection (FALLBACK_AUTOCHECKPOINT_PAGES);
  // the operator is told, as the log may then grow to 40 MB between checkpoints.
  worker.on('error', (err) => {
    process.emitWarning(`SQLite checkpoint thread stopped (${err.message}); the server's connection checkpoints past 40 MB of log`, 'ConfabWarning');
  });
  return {
    stop() {
      worker.postMessage('stop');
      return exited;
    },
  };
}
