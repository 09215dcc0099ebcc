import type { ImageDetail } from './process-image.js';

/** Bounds on what the server decodes and stores for an uploaded image. */
export const IMAGE_LIMITS = {
  /**
   * Decoded pixels (width x height) an upload may have. A few hundred kilobytes of PNG can claim
   * gigapixels; 100 MP covers any camera (a 108 MP phone shot is 12000x9000) and caps memory.
   */
  maxInputPixels: 100_000_000,
  /** Seconds of libvips work per image before it is abandoned. */
  timeoutSeconds: 30,
  /** `low` detail: fits this square (OpenAI's low-detail image is 512x512). */
  lowSide: 512,
  /** `high`/`auto` detail: OpenAI's high-detail rule fits 2048x2048, then the short side to 768. */
  highLongSide: 2048,
  highShortSide: 768,
  /** Thumbnails for previews and lists fit this square. */
  thumbnailSide: 320,
  jpegQuality: 85,
  webpQuality: 85,
} as const;

/**
 * The stored size of an image of `width` x `height` (orientation applied) at `detail`: fitted
 * inside the detail's bounds with its aspect kept, never enlarged, at least 1x1.
 */
export function targetSize(width: number, height: number, detail: ImageDetail): { width: number; height: number } {
  let scale: number;
  if (detail === 'low') {
    scale = Math.min(1, IMAGE_LIMITS.lowSide / Math.max(width, height));
  } else {
    const fit = Math.min(1, IMAGE_LIMITS.highLongSide / Math.max(width, height));
    const shortSide = Math.min(width, height) * fit;
    scale = fit * Math.min(1, IMAGE_LIMITS.highShortSide / shortSide);
  }
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
