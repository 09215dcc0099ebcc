import type { ImageOutputType } from '@confab/shared';
import type { Metadata, Sharp } from 'sharp';
import { IMAGE_LIMITS, targetSize } from './image-limits.js';
import { loadSharp } from './load-sharp.js';

/** How large a stored image may be: `low` fits 512x512, `high`/`auto` OpenAI's high-detail bounds. */
export type ImageDetail = 'low' | 'auto' | 'high';

export interface ProcessedImage {
  /** The re-encoded image: metadata (EXIF, GPS, ICC comments) stripped, orientation applied. */
  data: Buffer;
  /** The output type asked for; `image/gif` for an animated GIF kept animated (`keepAnimation`). */
  type: `image/${ImageOutputType}` | 'image/gif';
  width: number;
  height: number;
  /** A small rendition for previews and lists. */
  thumbnail: { data: Buffer; type: `image/${ImageOutputType}`; width: number; height: number };
}

/**
 * Why an image was refused. The Files API answers every one of them with SPEC 5's
 * "An error occurred while processing the file."; the reason is for logs and tests.
 */
export class ImageProcessingError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'too_large' | 'corrupt',
    message: string,
  ) {
    super(message);
    this.name = 'ImageProcessingError';
  }
}

/**
 * The decoders we let near uploaded bytes: the four raster types the app serves inline. SVG,
 * TIFF, HEIF and the rest have their own (larger) attack surface and are not images we show.
 */
const DECODABLE_FORMATS = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' } as const;
type DecodableFormat = keyof typeof DECODABLE_FORMATS;
const isDecodable = (format: string): format is DecodableFormat => Object.hasOwn(DECODABLE_FORMATS, format);

/**
 * A decoder over `path` with the server's guards: at most maxInputPixels (libvips refuses
 * before decoding), the first frame only, and any decoder warning (truncated data, bad CRC)
 * an error rather than a half-grey picture.
 */
async function openImage(path: string, animated = false): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(path, {
    // With every frame decoded the limit is on all frames together (libvips stacks them).
    limitInputPixels: IMAGE_LIMITS.maxInputPixels,
    failOn: 'warning',
    // Animated GIF/WebP: only the first frame is kept, unless an animated GIF is kept animated
    // (processImage's keepAnimation). Vision models take still images, PNG and JPEG cannot animate.
    animated,
  }).timeout({ seconds: IMAGE_LIMITS.timeoutSeconds });
}

/** The header of `path`, refused when it is not one of our raster types or claims too many pixels. */
async function readHeader(path: string): Promise<Metadata & { format: DecodableFormat }> {
  let metadata: Metadata;
  try {
    metadata = await (await openImage(path)).metadata();
  } catch (err) {
    throw asProcessingError(err, 'The file is not a readable image.');
  }
  const { format } = metadata;
  if (!isDecodable(format)) {
    throw new ImageProcessingError('unsupported', `Images of format ${format} are not processed.`);
  }
  if (metadata.width * metadata.height > IMAGE_LIMITS.maxInputPixels) {
    throw new ImageProcessingError('too_large', 'The image has too many pixels to process.');
  }
  return { ...metadata, format };
}

/** A GIF of several frames: kept animated on upload (a clip for the meme video tool). */
const isAnimatedGif = (header: Metadata & { format: DecodableFormat }): boolean =>
  header.format === 'gif' && (header.pages ?? 1) > 1;

/**
 * An animated GIF re-encoded as a GIF of every frame, each frame fitted to `size` (libvips keeps
 * the frames' delays and the loop count; no comment or other metadata is carried over). Its
 * frames together stay within maxInputPixels: the decoder refuses more.
 */
async function encodeAnimatedGif(path: string, header: Metadata, size: { width: number; height: number }) {
  if (header.width * header.height * (header.pages ?? 1) > IMAGE_LIMITS.maxInputPixels) {
    throw new ImageProcessingError('too_large', 'The animation has too many pixels to process.');
  }
  return (await openImage(path, true))
    .resize(size.width, size.height, { fit: 'fill' })
    .toColourspace('srgb')
    .gif()
    .toBuffer({ resolveWithObject: true });
}

/**
 * Re-encodes to `outputType`. Nothing from the input's metadata is carried over (sharp keeps
 * none unless asked), pixels are converted to sRGB first, and JPEG, which has no alpha, gets
 * transparent areas on white rather than black.
 */
function encode(image: Sharp, outputType: ImageOutputType, quality: number): Sharp {
  const srgb = image.toColourspace('srgb');
  switch (outputType) {
    case 'jpeg':
      return srgb.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true });
    case 'webp':
      return srgb.webp({ quality });
    case 'png':
      return srgb.png({ compressionLevel: 9, adaptiveFiltering: true });
  }
}

function quality(outputType: ImageOutputType): number {
  return outputType === 'webp' ? IMAGE_LIMITS.webpQuality : IMAGE_LIMITS.jpegQuality;
}

/** libvips' refusal as ours: its pixel-limit message is the one worth telling apart. */
function asProcessingError(err: unknown, corruptMessage = 'The image could not be decoded.'): ImageProcessingError {
  if (err instanceof ImageProcessingError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return new ImageProcessingError('too_large', 'The image has too many pixels to process.');
  }
  return new ImageProcessingError('corrupt', corruptMessage);
}

/**
 * Reads, strips, resizes and re-encodes an uploaded raster image (JPEG, PNG, WebP, GIF):
 * EXIF orientation applied, then every piece of metadata (EXIF with GPS, XMP, IPTC, ICC, text
 * comments) dropped, the size fitted to `detail` (see targetSize; never enlarged), and a
 * thumbnail fitting 320x320 made from the result in the same type.
 * With `keepAnimation`, an animated GIF stays an animated GIF (every frame fitted the same way);
 * its thumbnail is its first frame, a still in the output type.
 * Rejects with ImageProcessingError for anything else, a corrupt file or a decompression bomb.
 */
export async function processImage(
  path: string,
  options: { outputType: ImageOutputType; detail: ImageDetail; keepAnimation?: boolean },
): Promise<ProcessedImage> {
  const type = `image/${options.outputType}` as const;
  try {
    const header = await readHeader(path);
    const size = targetSize(header.autoOrient.width, header.autoOrient.height, options.detail);
    const sharp = await loadSharp();
    const animated = options.keepAnimation === true && isAnimatedGif(header);
    const main = animated
      ? await encodeAnimatedGif(path, header, size)
      : await encode(
          (await openImage(path)).autoOrient().resize(size.width, size.height, { fit: 'fill' }),
          options.outputType,
          quality(options.outputType),
        ).toBuffer({ resolveWithObject: true });
    const height = animated ? (main.info.pageHeight ?? size.height) : main.info.height;
    const thumbnail = await encode(
      // sharp reads the first frame only of an animated result: the thumbnail is a still.
      sharp(main.data).resize(IMAGE_LIMITS.thumbnailSide, IMAGE_LIMITS.thumbnailSide, {
        fit: 'inside',
        withoutEnlargement: true,
      }),
      options.outputType,
      quality(options.outputType),
    ).toBuffer({ resolveWithObject: true });
    return {
      data: main.data,
      type: animated ? 'image/gif' : type,
      width: main.info.width,
      height,
      thumbnail: { data: thumbnail.data, type, width: thumbnail.info.width, height: thumbnail.info.height },
    };
  } catch (err) {
    throw asProcessingError(err);
  }
}

/**
 * What the image at `path` is, from its header, with orientation applied to the dimensions:
 * undefined when it is not a JPEG, PNG, WebP or GIF that libvips can read, or claims more
 * pixels than the server decodes. A header check only: processImage decodes every pixel.
 */
export async function probeImage(path: string): Promise<{ width: number; height: number; type: string } | undefined> {
  try {
    const header = await readHeader(path);
    return {
      width: header.autoOrient.width,
      height: header.autoOrient.height,
      type: `image/${DECODABLE_FORMATS[header.format]}`,
    };
  } catch {
    return undefined;
  }
}
