import type { CaptionBox, MemeLayoutSpec } from '@confab/shared';
import { loadSharp } from '../files/images/load-sharp.js';
import { renderCaptionLayer } from './render-meme.js';

/** One caption as the video overlays it: the drawn pixels only, and where they go in the frame. */
export interface CaptionOverlay {
  png: Buffer;
  x: number;
  y: number;
}

/**
 * Draws one caption with the still meme's layout (renderCaptionLayer, at the video's size) and
 * keeps only the rectangle its pixels cover: ffmpeg then fades and blends a strip of a few
 * thousand pixels per frame instead of a whole transparent frame, which is most of a render's
 * time. Undefined when the caption draws nothing (blank text and no sticker, or a box outside
 * the frame). `layout` is the scene's, its bar height already settled from all its boxes: one
 * box alone would settle it differently, and styles in the modern bar depend on it.
 */
export async function renderCaptionOverlay(
  box: CaptionBox,
  language: string,
  size: { width: number; height: number },
  layout: MemeLayoutSpec = {},
): Promise<CaptionOverlay | undefined> {
  if (!box.caption.trim() && !box.sticker) return undefined;
  const layer = await renderCaptionLayer([box], language, size, layout);
  const sharp = await loadSharp();
  const { data, info } = await sharp(layer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const bounds = opaqueBounds(data, info.width, info.height, info.channels);
  if (!bounds) return undefined;
  const png = await sharp(layer).extract(bounds).png({ compressionLevel: 1 }).toBuffer();
  return { png, x: bounds.left, y: bounds.top };
}

/** The smallest rectangle holding every pixel that is not fully transparent. */
function opaqueBounds(
  rgba: Buffer,
  width: number,
  height: number,
  channels: number,
): { left: number; top: number; width: number; height: number } | undefined {
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * channels;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (rgba[row + x * channels + channels - 1] !== 0) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    if (y < top) top = y;
    bottom = y;
    if (first < left) left = first;
    if (last > right) right = last;
  }
  if (bottom < 0) return undefined;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}
