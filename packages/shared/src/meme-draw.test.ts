import { describe, expect, it } from 'vitest';
import {
  captionBoxSchema,
  drawMeme,
  fitCaption,
  MEME_STICKERS,
  memeStickerSvg,
  type CaptionBoxInput,
  type MemeCanvasContext,
  type TextMeasurer,
} from './index.js';

/** A 2D context that records what is drawn; glyphs are 0.6 of the font size wide. */
function recordingContext() {
  let size = 10;
  const calls: { op: string; args: unknown[]; state: Record<string, unknown> }[] = [];
  const ctx = {
    fillStyle: '' as unknown,
    strokeStyle: '' as unknown,
    lineWidth: 1,
    lineJoin: 'miter',
    miterLimit: 10,
    textAlign: 'start',
    textBaseline: 'alphabetic',
    direction: 'ltr',
    get font() {
      return `${size}px x`;
    },
    set font(value: string) {
      size = Number(/^([\d.]+)px/.exec(value)?.[1] ?? 10);
      calls.push({ op: 'font', args: [value], state: {} });
    },
    measureText: (text: string) => ({ width: [...text].length * size * 0.6 }),
  } as MemeCanvasContext<string>;
  const record =
    (op: string) =>
    (...args: unknown[]) =>
      calls.push({
        op,
        args,
        state: { fill: ctx.fillStyle, stroke: ctx.strokeStyle, align: ctx.textAlign, lineWidth: ctx.lineWidth },
      });
  for (const op of ['save', 'restore', 'translate', 'rotate', 'fillRect', 'drawImage', 'fillText', 'strokeText'])
    (ctx as unknown as Record<string, unknown>)[op] = record(op);
  return { ctx, calls };
}

const box = (input: Partial<CaptionBoxInput>) =>
  captionBoxSchema.parse({ id: 'a', caption: 'Hello', x: 100, y: 1000, w: 800, h: 300, ...input });

describe('caption styles (issue 39)', () => {
  it('puts left, centred and right lines at the box’s edges or centre', () => {
    const xs = (['left', 'center', 'right'] as const).map((align) => {
      const { ctx, calls } = recordingContext();
      drawMeme(ctx, undefined, [box({ align, outlineWidth: 8 })]);
      const fill = calls.find((c) => c.op === 'fillText');
      return { x: fill?.args[1], align: fill?.state.align };
    });
    // From the box's centre: half the width, less the padding (4) and half the outline (4).
    expect(xs).toEqual([
      { x: -392, align: 'left' },
      { x: 0, align: 'center' },
      { x: 392, align: 'right' },
    ]);
  });

  it('draws in capitals when asked, keeping the caption as written', () => {
    const { ctx, calls } = recordingContext();
    const lower = box({ caption: 'straße ok', uppercase: true });
    drawMeme(ctx, undefined, [lower], { language: 'de' });
    expect(calls.find((c) => c.op === 'fillText')?.args[0]).toBe('STRASSE OK');
    expect(lower.caption).toBe('straße ok');
  });

  it('draws no outline at width 0, and the given colours', () => {
    const { ctx, calls } = recordingContext();
    drawMeme(ctx, undefined, [box({ outlineWidth: 0, fontColor: 'yellow' })]);
    expect(calls.some((c) => c.op === 'strokeText')).toBe(false);
    expect(calls.find((c) => c.op === 'fillText')?.state.fill).toBe('yellow');
  });

  it('uses the box’s font choice in the canvas font', () => {
    const { ctx, calls } = recordingContext();
    drawMeme(ctx, undefined, [box({ font: 'marker' })]);
    const fonts = calls.filter((c) => c.op === 'font').map((c) => String(c.args[0]));
    expect(fonts.at(-1)).toMatch(/^[\d.]+px "Permanent Marker", "Anton"/);
    expect(fonts.at(-1)).toMatch(/"Noto Emoji"$/);
  });
});

describe('caption fitting prefers whole words', () => {
  // Each character 0.6 of the size: "ABCDEFGHIJKLMNOP" (16) at 100 px is 960 wide, more than a box of 600.
  const measurer = (): TextMeasurer => recordingContext().ctx;

  it('shrinks a long word until it fits on a line rather than cutting it in two', () => {
    const fit = fitCaption('ABCDEFGHIJKLMNOP', { w: 608, h: 600 }, measurer());
    expect(fit.lines).toEqual(['ABCDEFGHIJKLMNOP']);
    expect(fit.fits).toBe(true);
    expect(fit.fontPx * 0.6 * 16).toBeLessThanOrEqual(600);
  });

  it('still cuts a word that is too long at every size', () => {
    const fit = fitCaption('A'.repeat(200), { w: 200, h: 600 }, measurer());
    expect(fit.lines.length).toBeGreaterThan(1);
  });
});

describe('stickers', () => {
  it('has a drawing for every sticker in the catalog', () => {
    expect(MEME_STICKERS.length).toBeGreaterThanOrEqual(10);
    for (const sticker of MEME_STICKERS) expect(memeStickerSvg(sticker.id)).toMatch(/^<svg [^>]*viewBox="0 0 256 256"/);
    expect(memeStickerSvg('nope')).toBeUndefined();
  });

  it('draws a sticker box’s picture contained in the box, about its centre, instead of text', () => {
    const { ctx, calls } = recordingContext();
    const sticker = box({ caption: 'ignored', sticker: 'heart', x: 100, y: 200, w: 400, h: 200, rotation: 90 });
    const result = drawMeme(ctx, undefined, [sticker], {
      stickers: (id) => (id === 'heart' ? { source: 'heart.png', width: 512, height: 512 } : undefined),
    });
    expect(calls.some((c) => c.op === 'fillText')).toBe(false);
    expect(calls.find((c) => c.op === 'translate')?.args).toEqual([300, 300]);
    expect(calls.find((c) => c.op === 'rotate')?.args).toEqual([Math.PI / 2]);
    expect(calls.find((c) => c.op === 'drawImage')?.args).toEqual(['heart.png', -100, -100, 200, 200]);
    expect(result.overflow).toEqual([]);
  });

  it('refuses a sticker the catalog does not have', () => {
    expect(captionBoxSchema.safeParse({ id: 'a', caption: '', x: 0, y: 0, w: 9, h: 9, sticker: 'nope' }).success).toBe(
      false,
    );
  });

  it('draws nothing for a sticker not loaded', () => {
    const { ctx, calls } = recordingContext();
    drawMeme(ctx, undefined, [box({ sticker: 'star' })]);
    expect(calls.some((c) => c.op === 'drawImage' || c.op === 'fillText')).toBe(false);
  });
});
