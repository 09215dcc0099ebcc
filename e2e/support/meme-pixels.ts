import sharp from 'sharp';
import type { MemeRegion } from '../pages/memes';

/** Pixel checks shared by the meme specs: the browser's canvas against the server's render. */

/** Raw RGB pixels of an image, downscaled (or not) to `size`. */
export async function rgb(image: Buffer, size?: { width: number; height: number }): Promise<Buffer> {
  const pipeline = sharp(image).removeAlpha();
  return (size ? pipeline.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' }) : pipeline)
    .raw()
    .toBuffer();
}

/** Mean absolute difference per channel (0-255) of two raw RGB buffers of one size, over `region` if given. */
export function meanDifference(a: Buffer, b: Buffer, width: number, region?: MemeRegion): number {
  const r = region ?? { x: 0, y: 0, w: width, h: a.length / 3 / width };
  let sum = 0;
  for (let y = r.y; y < r.y + r.h; y++) {
    for (let x = r.x; x < r.x + r.w; x++) {
      const i = (y * width + x) * 3;
      sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
    }
  }
  return sum / (r.w * r.h * 3);
}
