import { describe, expect, it } from 'vitest';
import { captionStyle, MEME_BAR, memeBarHeight, pictureRect } from './meme-style.js';
import { drawMeme, type MemeCanvasContext } from './meme-draw.js';
import { MEME_IMAGE } from './memes.js';

describe('captionStyle', () => {
  it('defaults to white text with a black outline in the classic layout', () => {
    expect(captionStyle({ y: 0 })).toEqual({
      font: 'impact',
      fontColor: 'white',
      outlineColor: 'black',
      outlineWidth: undefined,
      align: 'center',
      uppercase: false,
    });
  });

  it('defaults to black text without an outline in the modern bar, classic below it', () => {
    const inBar = captionStyle({ y: 40 }, 'modern', 360);
    expect([inBar.fontColor, inBar.outlineWidth]).toEqual(['black', 0]);
    const below = captionStyle({ y: 1500 }, 'modern', 360);
    expect([below.fontColor, below.outlineColor, below.outlineWidth]).toEqual(['white', 'black', undefined]);
  });

  it('keeps the box’s own choices', () => {
    const style = captionStyle(
      { y: 40, fontColor: 'red', outlineColor: 'blue', font: 'serif', align: 'left', uppercase: true },
      'modern',
    );
    expect(style).toMatchObject({
      fontColor: 'red',
      outlineColor: 'blue',
      font: 'serif',
      align: 'left',
      uppercase: true,
    });
    // An outline colour asked for in the bar draws an outline of the usual width.
    expect(style.outlineWidth).toBeUndefined();
  });
});

describe('the modern layout', () => {
  it('has no bar in the classic layout, the default or the given height in the modern one', () => {
    expect(memeBarHeight({})).toBe(0);
    expect(memeBarHeight({ layout: 'modern' })).toBe(MEME_BAR.defaultHeight);
    expect(memeBarHeight({ layout: 'modern', barHeight: 500 })).toBe(500);
  });

  it('grows the bar to hold the boxes that start in it', () => {
    expect(
      memeBarHeight({ layout: 'modern' }, [
        { y: 40, h: 480 },
        { y: 1400, h: 300 },
      ]),
    ).toBe(520);
    expect(memeBarHeight({ layout: 'modern' }, [{ y: 40, h: 1800 }])).toBe(MEME_BAR.maxHeight);
  });

  it('puts the picture right under the bar, contained in the rest of the frame', () => {
    expect(pictureRect({ width: 2000, height: 1000 }, MEME_IMAGE, 360)).toEqual({ x: 0, y: 360, w: 1080, h: 540 });
    const tall = pictureRect({ width: 1080, height: 1920 }, MEME_IMAGE, 360);
    expect(tall.y).toBe(360);
    expect(tall.h).toBe(1560);
    expect(tall.x).toBeCloseTo((1080 - 1560 * (1080 / 1920)) / 2);
  });

  it('paints the white bar and draws the picture below it', () => {
    const fills: { rect: number[]; color: unknown }[] = [];
    const images: number[][] = [];
    const ctx = {
      fillStyle: '',
      measureText: () => ({ width: 0 }),
      save() {},
      restore() {},
      fillRect(...rect: number[]) {
        fills.push({ rect, color: ctx.fillStyle });
      },
      drawImage(_image: unknown, ...rect: number[]) {
        images.push(rect);
      },
    } as unknown as MemeCanvasContext<unknown>;
    drawMeme(ctx, { source: 'pic', width: 1000, height: 1000 }, [], { layout: 'modern', barHeight: 400 });
    expect(fills).toEqual([
      { rect: [0, 0, 1080, 1920], color: '#000000' },
      { rect: [0, 0, 1080, 400], color: MEME_BAR.color },
    ]);
    expect(images).toEqual([[0, 400, 1080, 1080]]);
  });
});
