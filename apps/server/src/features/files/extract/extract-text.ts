import { siblingModuleUrl, startModuleWorker } from '../../../platform/start-module-worker.js';
import { documentKind } from './document-types.js';
import { EXTRACT_LIMITS, type ExtractedText } from './extract-limits.js';
import { extractPlainText, isPlainTextType } from './plain-text.js';

export type { ExtractedText } from './extract-limits.js';

const workerUrl = siblingModuleUrl('extract-worker', import.meta.url);

/** Documents read at once: each thread may take a core and workerHeapMb of memory. */
const MAX_CONCURRENT = 2;
let running = 0;
const queue: (() => void)[] = [];

async function takeTurn(): Promise<() => void> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => queue.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    queue.shift()?.();
  };
}

type WorkerAnswer = { ok: true; result: ExtractedText | undefined } | { ok: false; error: string };

/**
 * Reads a heavy document on a thread of its own, with a heap limit, stopped after the time
 * limit: a hostile PDF or spreadsheet costs that thread, never the server's.
 */
async function extractOnThread(
  input: { path: string; type: string },
  timeoutMs: number,
): Promise<ExtractedText | undefined> {
  const done = await takeTurn();
  const worker = startModuleWorker(workerUrl, {
    workerData: { path: input.path, type: input.type },
    resourceLimits: { maxOldGenerationSizeMb: EXTRACT_LIMITS.workerHeapMb },
    stdout: true,
    stderr: true,
  });
  try {
    return await new Promise<ExtractedText | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      const finish = (result: ExtractedText | undefined) => {
        clearTimeout(timer);
        resolve(result);
      };
      worker.once('message', (answer: WorkerAnswer) => finish(answer.ok ? answer.result : undefined));
      // Out of memory, a crash, or an exit before answering: nothing extracted.
      worker.once('error', () => finish(undefined));
      worker.once('exit', () => finish(undefined));
    });
  } finally {
    await worker.terminate();
    done();
  }
}

/**
 * The text of a stored document, for the model's context: plain-text types (prose, code, CSV,
 * JSON, XML, YAML) decoded here; PDF, Word (.docx), Excel (.xlsx), PowerPoint (.pptx) and EPUB
 * read on a bounded thread. Undefined when nothing could be read: another type (images, archives,
 * legacy .doc/.xls/.ppt), binary bytes under a text name, a refused archive, a failure or a timeout.
 * A PDF without a text layer answers `{ text: '', noTextLayer: true }`.
 */
export async function extractText(input: {
  path: string;
  type: string;
  filename: string;
  /** Defaults to EXTRACT_LIMITS.timeoutMs. */
  timeoutMs?: number | undefined;
}): Promise<ExtractedText | undefined> {
  try {
    if (isPlainTextType(input.type)) return await extractPlainText(input.path);
    if (documentKind(input.type)) return await extractOnThread(input, input.timeoutMs ?? EXTRACT_LIMITS.timeoutMs);
  } catch {
    // An unreadable file is a file without text, not a failed upload.
  }
  return undefined;
}
