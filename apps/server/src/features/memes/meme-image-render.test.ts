import { captionBoxSchema, MEME_IMAGE, type CaptionBoxInput } from '@confab/shared';
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

  describe('issue 39 styles', () => {
    const region = (box: { x: number; y: number; w: number; h: number }) => ({
      left: box.x,
      top: box.y,
      width: box.w,
      height: box.h,
    });
    const grey = () =>
      sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#808080' } })
        .png()
        .toBuffer();
    /** The region's pixels, greyscale, from a PNG render (no JPEG noise). */
    async function pixels(png: Buffer, box: { x: number; y: number; w: number; h: number }): Promise<Buffer> {
      return sharp(png).extract(region(box)).greyscale().raw().toBuffer();
    }
    const render = async (boxes: CaptionBoxInput[], extra: { layout?: 'modern'; source?: Buffer } = {}) =>
      (
        await renderMemeImage({
          source: extra.source ?? (await grey()),
          boxes: boxes.map((b) => captionBoxSchema.parse(b)),
          language: 'en',
          format: 'png',
          layout: extra.layout,
        })
      ).data;
    const BOX = { id: 'a', caption: 'STYLE CHECK', x: 90, y: 800, w: 900, h: 240 };

    it('draws a modern meme as a white bar at the top with black text, the picture below it', async () => {
      const source = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2050c0' } })
        .png()
        .toBuffer();
      const png = await render([{ ...BOX, caption: 'TOP TEXT', y: 40, h: 280 }], { layout: 'modern', source });
      const bar = await pixels(png, { x: 0, y: 0, w: 1080, h: 360 });
      // White, with dark letters and nothing in between (no outline, no picture).
      expect(bar.filter((v) => v > 245).length / bar.length).toBeGreaterThan(0.6);
      expect(bar.filter((v) => v < 40).length).toBeGreaterThan(2000);
      // The 800×600 picture contained in the 1080 width right under the bar: 1080×810 from y 360.
      const { data } = await sharp(png)
        .extract({ left: 0, top: 370, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer({
          resolveWithObject: true,
        });
      expect([...data]).toEqual([0x20, 0x50, 0xc0]);
      expect(await meanBrightness(png, { left: 0, top: 1200, width: 1080, height: 700 })).toBeLessThan(5);
    });

    it('draws a box in the marker font differently from the classic font', async () => {
      const impact = await pixels(await render([BOX]), BOX);
      const marker = await pixels(await render([{ ...BOX, font: 'marker' }]), BOX);
      let differing = 0;
      for (let i = 0; i < impact.length; i++) if (Math.abs((impact[i] ?? 0) - (marker[i] ?? 0)) > 64) differing++;
      expect(differing).toBeGreaterThan(5000);
    });

    it('paints a sticker inside its box and nowhere else', async () => {
      const sticker = { id: 's', caption: '', sticker: 'heart', x: 340, y: 700, w: 400, h: 400 };
      const png = await render([sticker]);
      /** Pixels of a region whose colour is not the grey background's. */
      const painted = async (box: { x: number; y: number; w: number; h: number }) => {
        const data = await sharp(png).extract(region(box)).removeAlpha().raw().toBuffer();
        let count = 0;
        for (let i = 0; i < data.length; i += 3)
          if ([0, 1, 2].some((c) => Math.abs((data[i + c] ?? 0) - 0x80) > 30)) count++;
        return count;
      };
      // The heart and its outline cover most of the box.
      expect(await painted(sticker)).toBeGreaterThan(60_000);
      expect(await painted({ x: 0, y: 1150, w: 1080, h: 600 })).toBe(0);
    });

    it('draws no dark outline around white text when outlineWidth is 0', async () => {
      const dark = async (outlineWidth?: number) =>
        (await pixels(await render([{ ...BOX, outlineWidth }]), BOX)).filter((v) => v < 60).length;
      expect(await dark()).toBeGreaterThan(2000);
      expect(await dark(0)).toBe(0);
    });
  });
});
