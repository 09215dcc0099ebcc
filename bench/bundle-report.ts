/**
 * `BENCH=bundle npm run bench`: what each public route downloads before it can render, read from
 * the last web build (it builds nothing: run `npm run build -w apps/web` first). A route's load is
 * the entry (index.html) plus the modules its router `lazy` imports, each with its static imports;
 * dynamic imports (the markdown renderer, dialogs) are left out because they load on first use,
 * except the UI text that the signed-in and shared pages load with their code.
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const distDir = new URL('../apps/web/dist/', import.meta.url).pathname;
const ENTRY = 'index.html';

/** The modules apps/web/src/app/router.tsx loads for each route (its `lazy` imports). */
export const ROUTE_MODULES: Record<string, string[]> = {
  '/login': ['src/features/auth/auth-layout.tsx', 'src/features/auth/login-page.tsx'],
  '/register': ['src/features/auth/auth-layout.tsx', 'src/features/auth/register-page.tsx'],
  '/share/:id': ['src/features/share/share-page.tsx'],
  '/c/new': ['src/features/layout/app-layout.tsx', 'src/app/chat-route.tsx'],
};

/**
 * Routes whose `lazy` also loads the whole UI text (router.tsx's `withAllText`): the English text's
 * chunk counts for them. The sign-in pages' few namespaces are in the entry.
 */
const ALL_TEXT_ROUTES = new Set(['/share/:id', '/c/new']);
const ENGLISH_TEXT = 'src/lib/english-text.ts';

interface Bytes {
  raw: number;
  gzip: number;
  /** Brotli at its highest quality: what the server sends a browser (the build precompresses both). */
  brotli: number;
}

const sizeCache = new Map<string, Bytes>();
function measureFile(file: string): Bytes {
  let bytes = sizeCache.get(file);
  if (!bytes) {
    const content = readFileSync(distDir + file);
    bytes = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content).length,
    };
    sizeCache.set(file, bytes);
  }
  return bytes;
}

/** The files fetched once `keys` are imported: their chunks, static imports and stylesheets. */
function collectFiles(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest; is ROUTE_MODULES up to date with router.tsx?`);
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

function sumFiles(files: Iterable<string>): Bytes {
  const sum: Bytes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = measureFile(file);
    sum.raw += bytes.raw;
    sum.gzip += bytes.gzip;
    sum.brotli += bytes.brotli;
  }
  return sum;
}

const kb = (bytes: number): number => Math.round(bytes / 102.4) / 10;

export async function runBundleReport(): Promise<{ rows: Record<string, unknown>[] }> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(`${distDir}.vite/manifest.json`, 'utf8')) as Manifest;
  } catch {
    throw new Error('No apps/web/dist/.vite/manifest.json: run `npm run build -w apps/web` first');
  }
  const rows: Record<string, unknown>[] = [];
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    const text = ALL_TEXT_ROUTES.has(route) ? [ENGLISH_TEXT] : [];
    const { js, css } = collectFiles(manifest, [ENTRY, ...modules, ...text]);
    const jsBytes = sumFiles(js);
    const cssBytes = sumFiles(css);
    rows.push({
      item: `route ${route}`,
      files: js.size + css.size,
      jsKB: kb(jsBytes.raw),
      jsGzipKB: kb(jsBytes.gzip),
      jsBrotliKB: kb(jsBytes.brotli),
      cssKB: kb(cssBytes.raw),
      cssGzipKB: kb(cssBytes.gzip),
    });
  }
  const chunks = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => ({ file: chunk.file, ...measureFile(chunk.file) }));
  const largest = [...new Map(chunks.map((chunk) => [chunk.file, chunk])).values()]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 10);
  for (const chunk of largest) {
    rows.push({ item: `chunk ${chunk.file.replace(/^assets\//, '')}`, jsKB: kb(chunk.raw), jsGzipKB: kb(chunk.gzip) });
  }
  return { rows };
}
