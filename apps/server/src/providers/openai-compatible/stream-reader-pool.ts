import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { siblingModuleUrl, startModuleWorker } from '../../platform/start-module-worker.js';
import type { ModelStreamPart } from '../direct-stream.js';
import {
  fromWireError,
  type FromReader,
  type OpenStreamRequest,
  type ToReader,
  type WirePart,
} from './stream-reader-protocol.js';

/** What a pooled request answered: a failure or odd success read whole, or a stream's parts. */
export interface PooledResponse {
  status: number;
  headers: [string, string][];
  text?: string | undefined;
  parts?: AsyncIterable<ModelStreamPart> | undefined;
}

/** Threads to read streams on when STREAM_READER_THREADS is not set: the cores but one, at most two. */
export function defaultReaderThreads(): number {
  return Math.max(0, Math.min(2, availableParallelism() - 1));
}

const abortError = () => new DOMException('This operation was aborted', 'AbortError');

interface Pending {
  resolve(result: IteratorResult<ModelStreamPart>): void;
  reject(error: Error): void;
}

const DONE: IteratorResult<ModelStreamPart> = { value: undefined, done: true };

/**
 * The parts of one stream as they arrive from its thread, read with `for await`. An iterator of
 * its own rather than an async generator: a part already queued is answered with one settled
 * promise, without a generator's resumption and implicit await for every token.
 */
class PartQueue implements AsyncIterableIterator<ModelStreamPart> {
  private items: ModelStreamPart[] = [];
  private head = 0;
  private ended = false;
  private failure: Error | undefined;
  private pending: Pending | undefined;

  constructor(private readonly onLeave: () => void) {}

  /** Adds parts; true when the stream ended with them. */
  push(parts: WirePart[]): boolean {
    for (const part of parts) {
      if (part.type === 'failed' || part.type === 'error') {
        const error = fromWireError(part.error);
        if (part.type === 'failed') this.failure = error;
        else this.items.push({ type: 'error', error });
      } else this.items.push(part);
      if (part.type !== 'text-delta' && part.type !== 'reasoning-delta') this.ended = true;
    }
    this.wakeUp();
    return this.ended;
  }

  fail(error: Error): void {
    if (this.ended) return;
    this.failure = error;
    this.ended = true;
    this.wakeUp();
  }

  private take(): ModelStreamPart {
    const value = this.items[this.head++] as ModelStreamPart;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    }
    return value;
  }

  private wakeUp(): void {
    const pending = this.pending;
    if (!pending) return;
    if (this.head < this.items.length) pending.resolve({ value: this.take(), done: false });
    else if (this.failure) pending.reject(this.failure);
    else if (this.ended) pending.resolve(DONE);
    else return;
    this.pending = undefined;
  }

  next(): Promise<IteratorResult<ModelStreamPart>> {
    if (this.head < this.items.length) return Promise.resolve({ value: this.take(), done: false });
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => (this.pending = { resolve, reject }));
  }

  /** The reader left early (an error part, or it stopped): the thread stops reading. */
  return(): Promise<IteratorResult<ModelStreamPart>> {
    if (!this.ended) this.onLeave();
    this.ended = true;
    this.items = [];
    this.head = 0;
    return Promise.resolve(DONE);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<ModelStreamPart> {
    return this;
  }
}

interface Waiting {
  resolve(response: PooledResponse): void;
  reject(error: Error): void;
  queue?: PartQueue;
  signal: AbortSignal;
  onAbort(): void;
}

const workerUrl = siblingModuleUrl('stream-reader-worker', import.meta.url);

/** A worker running our TypeScript as the server does: through tsx when not compiled. */
const startWorker = (): Worker => startModuleWorker(workerUrl);

class ReaderThread {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private everReady = false;
  /** The running worker has loaded and takes streams. */
  ready = false;
  /** The thread could not even load (a broken install): streams are read on the server's thread. */
  broken = false;
  private readonly readyListeners: (() => void)[] = [];

  /** Streams in flight on this thread. */
  get load(): number {
    return this.waiting.size;
  }

  /** Resolves once the thread is ready, or could not load. */
  whenSettled(): Promise<void> {
    if (this.ready || this.broken) return Promise.resolve();
    return new Promise((resolve) => this.readyListeners.push(resolve));
  }

  private settleListeners(): void {
    for (const listener of this.readyListeners.splice(0)) listener();
  }

  /** Starts the thread now (it takes a few hundred ms to load), unless it runs already. */
  start(): Worker {
    if (!this.worker) {
      const worker = startWorker();
      worker.unref();
      worker.on('message', (m: FromReader) => this.receive(m));
      // A thread that dies fails its streams; the next request starts a new one.
      const fail = (err: unknown) => {
        if (this.worker !== worker) return;
        this.worker = undefined;
        this.ready = false;
        if (!this.everReady) {
          this.broken = true;
          this.settleListeners();
        }
        const error = err instanceof Error ? err : new Error('The stream reader thread stopped');
        for (const [id, w] of this.waiting) this.settle(id, w, error);
      };
      worker.on('error', fail);
      worker.on('exit', () => fail(new Error('The stream reader thread stopped')));
      this.worker = worker;
    }
    return this.worker;
  }

  private post(message: ToReader): void {
    this.start().postMessage(message);
  }

  private settle(id: number, w: Waiting, error?: Error): void {
    this.waiting.delete(id);
    w.signal.removeEventListener('abort', w.onAbort);
    if (!error) return;
    if (w.queue) w.queue.fail(error);
    else w.reject(error);
  }

  open(id: number, request: OpenStreamRequest, signal: AbortSignal): Promise<PooledResponse> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortError());
      const w: Waiting = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          this.post({ type: 'abort', id });
          this.settle(id, w, abortError());
        },
      };
      signal.addEventListener('abort', w.onAbort, { once: true });
      this.waiting.set(id, w);
      this.post({ type: 'open', id, ...request });
    });
  }

  private receive(message: FromReader): void {
    if (message.type === 'ready') {
      this.everReady = this.ready = true;
      this.settleListeners();
      return;
    }
    if (message.type === 'parts') {
      for (const [id, parts] of message.streams) {
        const w = this.waiting.get(id);
        if (w?.queue?.push(parts)) this.settle(id, w);
      }
      return;
    }
    const w = this.waiting.get(message.id);
    if (!w) return;
    if (message.type === 'failed') return this.settle(message.id, w, fromWireError(message.error));
    if (message.text !== undefined) {
      this.settle(message.id, w);
      return w.resolve({ status: message.status, headers: message.headers, text: message.text });
    }
    const id = message.id;
    w.queue = new PartQueue(() => {
      if (!this.waiting.has(id)) return;
      this.post({ type: 'abort', id });
      this.settle(id, w);
    });
    w.resolve({ status: message.status, headers: message.headers, parts: w.queue });
  }
}

/**
 * Stream reader threads: a provider's token stream costs a socket read, an HTTP parse and a
 * JSON parse per token, most of a busy server's work; on these threads it leaves the server's
 * own thread free for requests, and comes back in batches.
 */
export class StreamReaderPool {
  private readonly threads: ReaderThread[];
  private nextId = 1;

  /**
   * No thread starts here: a thread costs the idle server ~25 MB (bench/README.md), and one that
   * never reads a stream need not exist. They start at the first stream (`streamReaders`).
   */
  constructor(threads: number) {
    this.threads = Array.from({ length: threads }, () => new ReaderThread());
  }

  get size(): number {
    return this.threads.length;
  }

  /** Starts the threads that are not running (a broken one stays down). */
  start(): void {
    for (const thread of this.threads) if (!thread.broken) thread.start();
  }

  /** Starts the threads and resolves once each is ready or could not load. */
  async whenReady(): Promise<void> {
    this.start();
    await Promise.all(this.threads.map((t) => t.whenSettled()));
  }

  /** True while a thread has loaded and takes streams. */
  get ready(): boolean {
    return this.threads.some((t) => t.ready);
  }

  open(request: OpenStreamRequest, signal: AbortSignal): Promise<PooledResponse> {
    const thread = this.threads.filter((t) => t.ready).reduce((a, b) => (b.load < a.load ? b : a));
    return thread.open(this.nextId++, request, signal);
  }
}

let pool: StreamReaderPool | undefined;

/** Sets how many reader threads the OpenAI-compatible streams use (0: read on the server's thread). */
export function configureStreamReaders(threads: number): void {
  if (threads === (pool?.size ?? 0)) return;
  pool = threads > 0 ? new StreamReaderPool(threads) : undefined;
}

/**
 * The pool, when reader threads are configured and one is ready. The first stream starts them;
 * it and the others that come while they load (a few hundred ms) are read on the server's
 * thread, so no chat waits for a thread to load.
 */
export function streamReaders(): StreamReaderPool | undefined {
  if (!pool) return undefined;
  pool.start();
  return pool.ready ? pool : undefined;
}

/** Starts the configured reader threads and resolves once they are ready (or could not load). */
export async function startStreamReaders(): Promise<void> {
  await pool?.whenReady();
}
