/** What the meme benchmarks draw: the same two captions and pictures for the image and the video render. */
import { MEME_IMAGE, type CaptionBox } from '@confab/shared';
import sharp from 'sharp';
import { listMemeTemplates, memeTemplateImage } from '../../apps/server/src/features/memes/templates/meme-templates.js';

const caption = (id: string, text: string, y: number): CaptionBox => ({
  id,
  caption: text,
  x: 90,
  y,
  w: 900,
  h: 260,
  fontColor: 'white',
  outlineColor: 'black',
  rotation: 0,
});

/** A top and a bottom caption, as most memes have. */
export function benchCaptions(top: string, bottom: string): CaptionBox[] {
  return [caption('top', top, 120), caption('bottom', bottom, MEME_IMAGE.height - 400)];
}

/** A 1600×1200 picture with detail in it (noise over a gradient), so decoding and encoding have work to do. */
async function photoLikePicture(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = (x * 7919 + y * 104729) % 61;
      pixels[i] = (x * 255) / width + noise;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128 + noise;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The gallery's first template (when the gallery has one) and a photo-like picture. */
export async function benchPictures(): Promise<{ label: string; data: Buffer }[]> {
  const template = listMemeTemplates()[0];
  const data = template ? await memeTemplateImage(template.id) : undefined;
  const sources = template && data ? [{ label: `template ${template.id}`, data }] : [];
  return [...sources, { label: '1600×1200 JPEG picture', data: await photoLikePicture() }];
}
