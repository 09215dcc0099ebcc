import { MEME_IMAGE } from '@confab/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderMemeImage } from './render-meme.js';

/** Mean brightness (0–255) of a region of a decoded greyscale picture. */
async function meanBrightness(
  jpeg: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const { data } = await sharp(jpeg).extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data.reduce((sum, v) => sum + v, 0) / data.length;
}

/** How many pixels of a region are near white. */
async function lightPixels(
  jpeg: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const { data } = await sharp(jpeg).extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data.filter((v) => v > 200).length;
}

describe('renderMemeImage', () => {
  it('draws white captions where their boxes are, on a 1080×1920 JPEG', async () => {
    // A dark picture, so white text is the only light thing in the frame.
    const source = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#202040' } })
      .png()
      .toBuffer();
    const box = {
      id: 'top',
      caption: 'HELLO MEMES',
      x: 90,
      y: 150,
      w: 900,
      h: 200,
      fontColor: 'white',
      outlineColor: 'black',
      rotation: 0,
    };
    const { data, overflow } = await renderMemeImage({ source, boxes: [box], language: 'en', format: 'jpeg' });

    const meta = await sharp(data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', MEME_IMAGE.width, MEME_IMAGE.height]);
    expect(overflow).toEqual([]);
    const captionArea = { left: box.x, top: box.y, width: box.w, height: box.h };
    expect(await lightPixels(data, captionArea)).toBeGreaterThan(2000);
    // The rest of the frame: the black bands and the dark picture, with no light pixels.
    expect(await lightPixels(data, { left: 0, top: 800, width: 1080, height: 400 })).toBe(0);
    expect(await meanBrightness(data, { left: 0, top: 1700, width: 1080, height: 200 })).toBeLessThan(10);
  });

  it('reports a caption that cannot fit even at the smallest size', async () => {
    const { overflow } = await renderMemeImage({
      boxes: [
        {
          id: 'tiny',
          caption: 'far too many words for this box',
          x: 0,
          y: 0,
          w: 30,
          h: 10,
          fontColor: 'white',
          outlineColor: 'black',
          rotation: 0,
        },
      ],
      language: 'en',
      format: 'jpeg',
    });
    expect(overflow).toEqual(['tiny']);
  });
});
