// Writes brotli (.br) and gzip (.gz) siblings of the built web app's text assets, so the server
// sends them as they are (content negotiation, no compression per request) at the best ratio.
// Usage: node scripts/compress-web-assets.mjs <dist folder>
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Text formats that shrink; woff2, woff, png and jpg are compressed already and only grow. Source
 * maps are left out: only an open developer tools panel fetches them, and they would triple the
 * build's compression time.
 */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.ttf',
  '.ico',
  '.webmanifest',
]);
/** Below this the saving is smaller than a packet, and not worth a file or a negotiation. */
const MIN_BYTES = 1024;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // Vite's own bookkeeping (.vite/manifest.json) is never served to browsers.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/** Writes `path + suffix` when the variant is smaller, else removes a stale one from an earlier run. */
async function writeVariant(path, suffix, original, variant) {
  if (variant.length < original.length) {
    await writeFile(path + suffix, variant);
    return variant.length;
  }
  await rm(path + suffix, { force: true });
  return undefined;
}

async function compressFile(path) {
  const original = await readFile(path);
  const [br, gz] = await Promise.all([
    compressBrotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    compressGzip(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    path,
    raw: original.length,
    br: await writeVariant(path, '.br', original, br),
    gzip: await writeVariant(path, '.gz', original, gz),
  };
}

export async function compressWebAssets(dist) {
  const files = await listFiles(dist);
  const candidates = [];
  for (const path of files) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    if ((await stat(path)).size < MIN_BYTES) continue;
    candidates.push(path);
  }
  return Promise.all(candidates.map(compressFile));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2];
  if (!dist) {
    console.error('Usage: node scripts/compress-web-assets.mjs <dist folder>');
    process.exit(2);
  }
  const results = await compressWebAssets(dist);
  const total = (key) => results.reduce((sum, result) => sum + (result[key] ?? result.raw), 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `Compressed ${results.length} assets in ${dist}: ${kb(total('raw'))} raw, ${kb(total('gzip'))} gzip, ${kb(total('br'))} brotli`,
  );
}
