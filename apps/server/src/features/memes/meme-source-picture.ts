import { fileTypeFromBuffer } from 'file-type';
import type { Sharp } from 'sharp';
import { IMAGE_LIMITS } from '../files/images/image-limits.js';
import { loadSharp } from '../files/images/load-sharp.js';
import { MemeSourceError } from './meme-sources.js';

/** The picture types a meme is drawn on: the four raster types the app serves inline. */
export const MEME_SOURCE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** A picture from outside (a remote URL, a data URL) is cut to this long side: twice what a 1080-wide meme needs is plenty. */
export const MEME_SOURCE_MAX_SIDE = 2160;

export interface NormalisedPicture {
  data: Buffer;
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  thumbnail: { data: Buffer; type: 'image/png' | 'image/jpeg' };
}

/** The type of `data` by its magic bytes, when it is one of MEME_SOURCE_TYPES; undefined otherwise. */
export async function sniffPictureType(data: Buffer): Promise<string | undefined> {
  const mime = (await fileTypeFromBuffer(data.subarray(0, 4100)))?.mime;
  return mime && MEME_SOURCE_TYPES.has(mime) ? mime : undefined;
}

const openPicture = async (data: Buffer) =>
  (await loadSharp())(data, {
    limitInputPixels: IMAGE_LIMITS.maxInputPixels,
    animated: false,
    failOn: 'error',
  }).timeout({
    seconds: IMAGE_LIMITS.timeoutSeconds,
  });

/**
 * A picture from outside, made safe to keep and show: decoded within the pixel limit (first
 * frame of an animation), EXIF orientation applied, every piece of metadata dropped, fitted to
 * MEME_SOURCE_MAX_SIDE, in sRGB; PNG when it has transparency, JPEG otherwise. A picture sharp
 * cannot read is a MemeSourceError.
 */
export async function normalisePicture(data: Buffer): Promise<NormalisedPicture> {
  try {
    const sharp = await loadSharp();
    const { hasAlpha } = await (await openPicture(data)).metadata();
    const type = hasAlpha ? 'image/png' : 'image/jpeg';
    const encode = (image: Sharp) =>
      hasAlpha ? image.png({ compressionLevel: 6 }) : image.jpeg({ quality: IMAGE_LIMITS.jpegQuality, mozjpeg: true });
    const main = await encode(
      (await openPicture(data))
        .autoOrient()
        .resize(MEME_SOURCE_MAX_SIDE, MEME_SOURCE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb'),
    ).toBuffer({ resolveWithObject: true });
    const thumbnail = await encode(
      sharp(main.data).resize(IMAGE_LIMITS.thumbnailSide, IMAGE_LIMITS.thumbnailSide, {
        fit: 'inside',
        withoutEnlargement: true,
      }),
    ).toBuffer();
    return {
      data: main.data,
      type,
      width: main.info.width,
      height: main.info.height,
      thumbnail: { data: thumbnail, type },
    };
  } catch (err) {
    if (/pixel limit/i.test(err instanceof Error ? err.message : ''))
      throw new MemeSourceError('The picture has too many pixels; use a smaller one.');
    throw new MemeSourceError('The picture could not be decoded: it is damaged or not a JPEG, PNG, WebP or GIF.');
  }
}

/** Width and height of a picture the server already keeps (orientation applied). */
export async function pictureSize(data: Buffer): Promise<{ width: number; height: number }> {
  try {
    const { autoOrient } = await (await openPicture(data)).metadata();
    return { width: autoOrient.width, height: autoOrient.height };
  } catch {
    throw new MemeSourceError('The picture could not be decoded: it is damaged or not a JPEG, PNG, WebP or GIF.');
  }
}
