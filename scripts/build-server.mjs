// Compiles the server to JavaScript (apps/server/dist) so production runs without a TypeScript
// loader. esbuild bundles our own code (the server and @confab/shared, whose package exports
// its .ts sources) and leaves every npm package external: native modules (better-sqlite3,
// sharp, @napi-rs/canvas, node-llama-cpp), packages that find files beside themselves
// (pdfjs-dist, the ffmpeg installers, the fonts) and the rest load from node_modules as before.
import { build } from 'esbuild';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const serverDist = join(root, 'apps/server/dist');
export const serverMain = join(serverDist, 'main.js');
const src = join(root, 'apps/server/src');

/**
 * The entry points: main, and the modules the server starts as worker threads. Every output
 * file sits in dist/ itself, so `siblingModuleUrl` finds a worker beside whichever file asks,
 * and paths made from `import.meta.url` (the web app's dist) are the same from any of them.
 */
const entryPoints = {
  main: join(src, 'main.ts'),
  'extract-worker': join(src, 'features/files/extract/extract-worker.ts'),
  'stream-reader-worker': join(src, 'providers/openai-compatible/stream-reader-worker.ts'),
};

/** Bare imports stay imports, except our workspace packages, which ship TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@confab/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  // dist/ is written over, never emptied first: a server still running from it (the build run
  // beside it) imports its lazily loaded chunks later, by the hashed names it was built with.
  await build({
    entryPoints,
    outdir: serverDist,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    // Shared code goes to chunks and dynamic imports stay lazy (a module loaded on first use).
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Error and class names show in logs and stack traces as they do from source.
    keepNames: true,
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
