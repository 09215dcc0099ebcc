import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ESM API, found from here (the worker's own resolution would start at the working directory). */
function tsxApiUrl(): string {
  if (typeof import.meta.resolve === 'function') return import.meta.resolve('tsx/esm/api');
  // Test runners without import.meta.resolve: the package's require entry sits beside the ESM one.
  return pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
}

/**
 * A worker thread running one of our modules as the server does: through tsx when the module is
 * TypeScript (the server runs from source), directly when compiled.
 *
 * @example startModuleWorker(new URL('./my-worker.ts', import.meta.url).href, { workerData })
 */
export function startModuleWorker(moduleUrl: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!moduleUrl.endsWith('.ts')) return new Worker(new URL(moduleUrl), options);
  const boot = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/** The URL of a sibling module, `.ts` when running from source and `.js` when compiled. */
export function siblingModuleUrl(name: string, from: string): string {
  return new URL(`./${name}${from.endsWith('.ts') ? '.ts' : '.js'}`, from).href;
}
