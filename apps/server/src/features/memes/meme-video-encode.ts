import { MEME_CLIP, MEME_IMAGE, MEME_VIDEO, type MemeVideoFormat } from '@confab/shared';

/** What each output format is stored and served as. */
export const VIDEO_FORMAT_TYPES: Record<MemeVideoFormat, string> = {
  mp4: 'video/mp4',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * GIF and WebP have no inter-frame compression worth the name: their defaults are smaller and
 * slower than mp4's so a meme stays a few MB (MEME_CLIP caps what may be asked).
 */
const ANIMATED_DEFAULT = { width: 480, fps: 12 } as const;

/**
 * The output's size and frame rate for a format and what was asked: the width even and within
 * the format's cap, the height following 9:16 (even too), the frame rate capped the same way.
 *
 * @example videoGeometry('gif', 1080, 30) // { width: 720, height: 1280, fps: 15 }
 */
export function videoGeometry(
  format: MemeVideoFormat,
  askedWidth?: number,
  askedFps?: number,
): { width: number; height: number; fps: number } {
  const isAnimated = format !== 'mp4';
  const maxWidth = isAnimated ? MEME_CLIP.animatedMaxWidth : MEME_IMAGE.width;
  const maxFps = isAnimated ? MEME_CLIP.animatedMaxFps : MEME_CLIP.maxFps;
  const wanted = askedWidth ?? (isAnimated ? ANIMATED_DEFAULT.width : MEME_VIDEO.width);
  const width = even(Math.min(maxWidth, Math.max(MEME_CLIP.minWidth, wanted)));
  const height = even((width * MEME_IMAGE.height) / MEME_IMAGE.width);
  const fps = Math.min(
    maxFps,
    Math.max(1, Math.round(askedFps ?? (isAnimated ? ANIMATED_DEFAULT.fps : MEME_VIDEO.fps))),
  );
  return { width, height, fps };
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * ffmpeg's output arguments for a format, reading the graph's `[out]` pad:
 * - mp4: H.264 yuv420p, index at the front so it plays while it downloads;
 * - gif: one palette made for the whole video (palettegen) and applied with light ordered
 *   dithering, which keeps flat meme colours flat and compresses far better than error diffusion;
 * - webp: libwebp's animated encoder, lossy, looping forever.
 */
export function encodeArgs(format: MemeVideoFormat, fps: number): { graphTail: string; args: string[] } {
  switch (format) {
    case 'gif':
      return {
        graphTail:
          ';[out]split[g1][g2];[g1]palettegen=stats_mode=diff[pal];[g2][pal]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle[enc]',
        args: ['-map', '[enc]', '-an', '-r', String(fps), '-loop', '0', '-f', 'gif'],
      };
    case 'webp':
      return {
        graphTail: '',
        args: [
          '-map',
          '[out]',
          '-an',
          '-c:v',
          'libwebp_anim',
          '-lossless',
          '0',
          '-quality',
          '70',
          '-preset',
          'picture',
          '-pix_fmt',
          'yuv420p',
          '-r',
          String(fps),
          '-loop',
          '0',
          '-f',
          'webp',
        ],
      };
    case 'mp4':
      return {
        graphTail: '',
        args: [
          '-map',
          '[out]',
          '-an',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-pix_fmt',
          'yuv420p',
          '-r',
          String(fps),
          '-movflags',
          '+faststart',
          '-f',
          'mp4',
        ],
      };
  }
}
