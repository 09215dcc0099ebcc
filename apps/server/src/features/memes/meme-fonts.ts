import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { memeFontFiles } from '@confab/shared';
import { loadCanvas } from './load-canvas.js';

const require = createRequire(import.meta.url);
let registered: Promise<void> | undefined;

/**
 * Registers the caption fonts (packages/shared's MEME_FONTS, shipped as npm packages) with the
 * server's canvas, once, on the first render: each file under its own alias, since Skia keeps
 * one file per family name. Missing files fail loudly: a meme drawn in a fallback font would
 * silently differ from the browser's.
 */
export function ensureMemeFonts(): Promise<void> {
  // One registration for renders that start together; a failed one is tried again next time.
  registered ??= registerMemeFonts().catch((err: unknown) => {
    registered = undefined;
    throw err;
  });
  return registered;
}

async function registerMemeFonts(): Promise<void> {
  const { GlobalFonts } = await loadCanvas();
  for (const font of memeFontFiles()) {
    const path = join(dirname(require.resolve(`${font.package}/package.json`)), font.file);
    if (!GlobalFonts.registerFromPath(path, font.alias)) throw new Error(`could not load the caption font ${path}`);
  }
}
