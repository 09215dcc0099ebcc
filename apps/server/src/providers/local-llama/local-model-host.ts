import { availableParallelism } from 'node:os';
import type { LlamaContext, LlamaModel } from 'node-llama-cpp';
import { ProviderError } from '../types.js';
import { ggufFileProblem } from './gguf-header.js';
import { getLlamaRuntime, type LlamaModule } from './llama-runtime.js';

/**
 * The most context a Local model gets, whatever it was trained on: the KV cache grows with it
 * (a 128k-token context takes gigabytes), and node-llama-cpp shrinks it further to fit memory.
 */
export const MAX_LOCAL_CONTEXT_TOKENS = 8192;

/** Below this size a model's token costs too little compute for threads to share it. */
const SMALL_MODEL_BYTES = 64 * 1024 * 1024;

/**
 * Threads a model's generation uses. llama.cpp's threads wait for each other by spinning, so
 * more threads than free cores makes every token slower, not faster (measured: a tiny model's
 * 30 tokens took 62 ms on one thread, 6 s on two and 84 s on four, on two busy cores). Never
 * more than the cores this process may use, and one for a model too small to gain from more.
 */
export function threadsFor(modelBytes: number, mathCores: number, cores = availableParallelism()): number {
  if (modelBytes < SMALL_MODEL_BYTES) return 1;
  return Math.max(1, Math.min(mathCores, cores));
}

export interface LoadedLocalModel {
  path: string;
  module: LlamaModule;
  model: LlamaModel;
  context: LlamaContext;
}

/**
 * Keeps one GGUF model loaded, with one context, and runs one generation at a time: a model in
 * this process competes with the server for the same cores and memory, so requests queue (in
 * order, each leaving the queue when its signal stops it) rather than run side by side. Asking
 * for another file unloads the current one first.
 */
export class LocalModelHost {
  private current: { path: string; loading: Promise<LoadedLocalModel> } | undefined;
  private tail: Promise<void> = Promise.resolve();

  /** Runs `work` with the model of `path` loaded, once the generations before it are done. */
  async withModel<T>(path: string, signal: AbortSignal, work: (loaded: LoadedLocalModel) => Promise<T>): Promise<T> {
    const release = await this.takeTurn(signal);
    try {
      return await work(await this.load(path));
    } finally {
      release();
    }
  }

  /** Unloads `path` (a deleted file), or whatever is loaded, after the running generation. */
  async unload(path?: string): Promise<void> {
    const release = await this.takeTurn();
    try {
      if (!path || this.current?.path === path) await this.disposeCurrent();
    } finally {
      release();
    }
  }

  private async takeTurn(signal?: AbortSignal): Promise<() => void> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    try {
      await untilSettledOrAborted(previous, signal);
      return release;
    } catch (err) {
      // Leaving the queue early: the next in line still waits for the one before this turn.
      void previous.then(release);
      throw err;
    }
  }

  private async load(path: string): Promise<LoadedLocalModel> {
    if (this.current?.path !== path) {
      await this.disposeCurrent();
      this.current = { path, loading: loadModel(path) };
    }
    const current = this.current;
    try {
      return await current.loading;
    } catch (err) {
      // A failed load is tried again by the next request (the file may have been replaced).
      if (this.current === current) this.current = undefined;
      throw err;
    }
  }

  private async disposeCurrent(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    const loaded = await current?.loading.catch(() => undefined);
    if (!loaded) return;
    await loaded.context.dispose();
    await loaded.model.dispose();
  }
}

async function loadModel(path: string): Promise<LoadedLocalModel> {
  const runtime = await getLlamaRuntime();
  if (!runtime.isAvailable) throw new ProviderError('server_error', runtime.reason);
  const problem = await ggufFileProblem(path).catch((err: { code?: string }) => {
    if (err.code === 'ENOENT') throw new ProviderError('invalid_request_error', 'The local model file is gone', 404);
    throw err;
  });
  if (problem) throw new ProviderError('server_error', problem);
  const model = await runtime.llama.loadModel({ modelPath: path });
  try {
    const context = await model.createContext({
      contextSize: { max: Math.min(model.trainContextSize, MAX_LOCAL_CONTEXT_TOKENS) },
      sequences: 1,
      threads: threadsFor(model.size, runtime.llama.cpuMathCores),
    });
    return { path, module: runtime.module, model, context };
  } catch (err) {
    await model.dispose();
    throw err;
  }
}

function untilSettledOrAborted(previous: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return previous;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void previous.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/** The process's one host: every Local endpoint's chats share its loaded model and its queue. */
export const localModelHost = new LocalModelHost();
