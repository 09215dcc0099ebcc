import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the write-ahead log into the database file. */
export const CHECKPOINT_INTERVAL_MS = 500;

/**
 * The checkpointer thread starts once the log file passes this size: 1,000 pages, where SQLite
 * itself would checkpoint by default. A thread costs the server ~10 MB (bench/README.md, "Server
 * RSS idle"): an idle or lightly used server does without it; a busy one starts it in its first
 * second or so. A fresh database's tables take ~1.5 MB of log.
 */
export const START_AT_LOG_BYTES = 4 * 1024 * 1024;
/** How often the log's size is read until the thread starts (one stat call). */
const LOG_WATCH_INTERVAL_MS = 1000;

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
    process.emitWarning(
      `SQLite checkpoint thread stopped (${err.message}); the server's connection checkpoints past 40 MB of log`,
      'ConfabWarning',
    );
  });
  return {
    stop() {
      worker.postMessage('stop');
      return exited;
    },
  };
}

/**
 * Starts the checkpointer (startWalCheckpointer) once the log of the database at `path` passes
 * START_AT_LOG_BYTES; until then the log stays small and the server's connection never reaches
 * its own checkpoint point (FALLBACK_AUTOCHECKPOINT_PAGES).
 */
export function startWalCheckpointerWhenBusy(path: string, startAtBytes = START_AT_LOG_BYTES): WalCheckpointer {
  const logPath = `${path}-wal`;
  let checkpointer: WalCheckpointer | undefined;
  const watch = setInterval(() => {
    let size = 0;
    try {
      size = statSync(logPath).size;
    } catch {
      return; // no log yet
    }
    if (size < startAtBytes) return;
    clearInterval(watch);
    checkpointer = startWalCheckpointer(path);
  }, LOG_WATCH_INTERVAL_MS);
  watch.unref();
  return {
    stop() {
      clearInterval(watch);
      return checkpointer?.stop() ?? Promise.resolve();
    },
  };
}
