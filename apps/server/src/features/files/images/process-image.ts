import type { ImageOutputType } from '@confab/shared';

/** How large a stored image may be: `low` fits 512x512, `high`/`auto` OpenAI's high-detail bounds. */
export type ImageDetail = 'low' | 'auto' | 'high';

export interface ProcessedImage {
  /** The re-encoded image: metadata (EXIF, GPS, ICC comments) stripped, orientation applied. */
  data: Buffer;
  type: `image/${ImageOutputType}`;
  width: number;
  height: number;
  /** A small rendition for previews and lists. */
  thumbnail: { data: Buffer; type: `image/${ImageOutputType}`; width: number; height: number };
}

/**
 * Reads, strips, resizes and re-encodes an uploaded raster image (sharp). Placeholder: the
 * implementation lands with the image-processing work.
 */
export async function processImage(
  _path: string,
  _options: { outputType: ImageOutputType; detail: ImageDetail },
): Promise<ProcessedImage> {
  throw new Error('processImage is not implemented yet');
}
