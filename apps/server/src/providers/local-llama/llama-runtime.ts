import type * as NodeLlamaCpp from 'node-llama-cpp';
import type { Llama } from 'node-llama-cpp';

/** node-llama-cpp's module, imported only when a Local model is first needed. */
export type LlamaModule = typeof NodeLlamaCpp;

export type LlamaRuntime =
  { isAvailable: true; module: LlamaModule; llama: Llama; loadMs: number } | { isAvailable: false; reason: string };

let runtime: Promise<LlamaRuntime> | undefined;

/**
 * The llama.cpp binding, loaded once per process. Only its prebuilt binaries (npm packages) are
 * used: `build: 'never'` stops node-llama-cpp from cloning and compiling llama.cpp when none fits,
 * which would download from outside the registry. It picks a GPU (CUDA, Vulkan, Metal) when one
 * works, the CPU otherwise. A machine it cannot run on gets the reason, and the server runs on.
 */
export function getLlamaRuntime(): Promise<LlamaRuntime> {
  runtime ??= loadRuntime();
  return runtime;
}

async function loadRuntime(): Promise<LlamaRuntime> {
  const startedAt = Date.now();
  try {
    const module = await import('node-llama-cpp');
    const llama = await module.getLlama({
      build: 'never',
      gpu: 'auto',
      progressLogs: false,
      logLevel: module.LlamaLogLevel.error,
      // llama.cpp's own messages would go to the console, around the server's log.
      logger: () => {},
    });
    return { isAvailable: true, module, llama, loadMs: Date.now() - startedAt };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { isAvailable: false, reason: `node-llama-cpp cannot run on this machine: ${message}` };
  }
}
