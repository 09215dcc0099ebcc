import type { Image } from '@napi-rs/canvas';
import { MEME_STICKER_SIZE, memeStickerSvg, type CaptionBox, type MemeStickerImages } from '@confab/shared';
import { loadSharp } from '../files/images/load-sharp.js';
import { loadCanvas } from './load-canvas.js';

/**
 * The stickers' pictures (packages/shared meme-stickers.ts): each SVG rasterized once to a
 * square PNG, the one picture the browser loads from the sticker route and the server draws, so
 * both draw the same pixels. Kept for the process's life: 14 small PNGs.
 */
const pngs = new Map<string, Promise<Buffer>>();
const decoded = new Map<string, Promise<Image>>();

/** Renders once per id; calls that arrive while it renders share the promise. A failure is not kept. */
function once<T>(cache: Map<string, Promise<T>>, id: string, make: () => Promise<T>): Promise<T> {
  let value = cache.get(id);
  if (!value) {
    value = make();
    value.catch(() => cache.delete(id));
    cache.set(id, value);
  }
  return value;
}

/** A sticker's PNG (MEME_STICKER_SIZE square, transparent around the drawing); undefined for an unknown id. */
export function memeStickerPng(id: string): Promise<Buffer | undefined> {
  const svg = memeStickerSvg(id);
  if (!svg) return Promise.resolve(undefined);
  return once(pngs, id, async () =>
    (await loadSharp())(Buffer.from(svg))
      .resize(MEME_STICKER_SIZE, MEME_STICKER_SIZE)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

/** The decoded pictures of the stickers the boxes hold, as the shared layout takes them. */
export async function loadStickerImages(boxes: readonly CaptionBox[]): Promise<MemeStickerImages<Image>> {
  const ids = [...new Set(boxes.flatMap((b) => (b.sticker ? [b.sticker] : [])))];
  const images = new Map<string, Image>();
  await Promise.all(
    ids.map(async (id) => {
      const png = await memeStickerPng(id);
      if (!png) return;
      const { loadImage } = await loadCanvas();
      images.set(id, await once(decoded, id, () => loadImage(png)));
    }),
  );
  return (id) => {
    const image = images.get(id);
    return image ? { source: image, width: image.width, height: image.height } : undefined;
  };
}
