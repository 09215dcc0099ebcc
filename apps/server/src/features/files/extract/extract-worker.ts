import { parentPort, workerData } from 'node:worker_threads';
import { extractDocument } from './extract-document.js';

/** The thread one document is read on (extract-text.ts starts it, and stops it past the time limit). */
const input = workerData as { path: string; type: string };

extractDocument(input).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error: unknown) =>
    parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);
