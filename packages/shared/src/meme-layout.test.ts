import { describe, expect, it } from 'vitest';
import {
  breakPieces,
  captionDirection,
  captionLegibilityAt,
  captionStyle,
  containRect,
  fitCaption,
  memeFontFamilies,
  wrapCaption,
  type TextMeasurer,
} from './meme-layout.js';
import { CAPTION_FONT, captionBoxSchema, MEME_IMAGE, MEME_UI } from './memes.js';

/** A measurer whose glyphs are square-ish: each grapheme is 0.6 of the font size wide, CJK 1.0. */
function fakeMeasurer(): TextMeasurer {
  let size = 10;
  return {
    get font() {
      return `${size}px x`;
    },
    set font(value: string) {
      size = Number(/^(\d+)px/.exec(value)?.[1] ?? 10);
    },
    measureText(text: string) {
      let width = 0;
      for (const char of text) width += /[\u3000-\u9fff\uac00-\ud7af]/.test(char) ? size : size * 0.6;
      return { width };
    },
  };
}

describe('caption fitting (SPEC 5)', () => {
  it('keeps a short caption at the largest size on one line', () => {
    const fit = fitCaption('ONE DOES NOT', { w: 800, h: 200 }, fakeMeasurer());
    expect(fit).toMatchObject({
      fontSize: CAPTION_FONT.maxSize,
      lines: ['ONE DOES NOT'],
      fits: true,
      direction: 'ltr',
    });
  });

  it('shrinks a long caption in steps of 2 until the wrapped lines fit the box', () => {
    const text = 'when the build is green on the first try and nobody believes you at the standup meeting';
    const fit = fitCaption(text, { w: 400, h: 160 }, fakeMeasurer());
    expect(fit.fits).toBe(true);
    expect(fit.fontSize).toBeLessThan(CAPTION_FONT.maxSize);
    expect((CAPTION_FONT.maxSize - fit.fontSize) % CAPTION_FONT.step).toBe(0);
    expect(fit.lines.length).toBeGreaterThan(1);
    expect(fit.lines.join(' ')).toBe(text);
    // One size larger would not have fitted.
    const measurer = fakeMeasurer();
    measurer.font = `${(fit.fontSize + 2) * CAPTION_FONT.pxPerUnit}px x`;
    const bigger = wrapCaption(text, 400 - 8, measurer);
    expect(
      bigger.length * Math.round((fit.fontSize + 2) * CAPTION_FONT.pxPerUnit * CAPTION_FONT.lineHeight),
    ).toBeGreaterThan(160 - 8);
  });

  it('wraps Chinese without spaces and Japanese by the segmenter, never splitting a character', () => {
    const fit = fitCaption(
      '当你终于修好了一个错误却又出现了十个新的错误',
      { w: 300, h: 400 },
      fakeMeasurer(),
      'zh-Hans',
    );
    expect(fit.fits).toBe(true);
    expect(fit.lines.length).toBeGreaterThan(1);
    expect(fit.lines.join('')).toBe('当你终于修好了一个错误却又出现了十个新的错误');
    const ja = breakPieces('猫が好きです', 'ja');
    expect(ja.join('')).toBe('猫が好きです');
    expect(ja.length).toBeGreaterThan(1);
  });

  it('draws Arabic and Hebrew right to left', () => {
    expect(fitCaption('عندما يعمل الكود', { w: 800, h: 200 }, fakeMeasurer(), 'ar-EG').direction).toBe('rtl');
    expect(captionDirection('שלום עולם')).toBe('rtl');
    expect(captionDirection('123', 'he-HE')).toBe('rtl');
    expect(captionDirection('Hello', 'ar')).toBe('ltr');
  });

  it('warns when the text cannot fit even at 10 px, and draws it at 10 px anyway', () => {
    const fit = fitCaption(
      'this caption is far too long for such a tiny box '.repeat(4),
      { w: 60, h: 30 },
      fakeMeasurer(),
    );
    expect(fit.fits).toBe(false);
    expect(fit.fontSize).toBe(CAPTION_FONT.minSize);
  });

  it('breaks a word wider than the box into pieces that fit', () => {
    const lines = wrapCaption('https://example.com/a/very/long/path/without/spaces', 120, fakeMeasurer());
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('https://example.com/a/very/long/path/without/spaces');
  });

  it('keeps explicit line breaks', () => {
    expect(wrapCaption('TOP\nBOTTOM', 1000, fakeMeasurer())).toEqual(['TOP', 'BOTTOM']);
  });
});

describe('captions in a small slot stay legible (MEME_UI.slotCaption)', () => {
  const LONG =
    'when the standup was supposed to take five minutes but somebody shares their screen and opens the whole backlog';
  const box = { w: 900, h: 320 };
  /** A grid slot on a phone: the 1080-wide meme shown 170 CSS px wide. */
  const slot = captionLegibilityAt(170);

  it('sets the floor at minCssPx on screen, in the meme’s pixels', () => {
    expect(captionLegibilityAt(180)).toEqual({ minFontPx: 60, maxLines: MEME_UI.slotCaption.maxLines });
    expect(slot.minFontPx * (170 / MEME_IMAGE.width)).toBeGreaterThanOrEqual(MEME_UI.slotCaption.minCssPx);
  });

  it('draws a caption SPEC 5 would shrink under the floor at the floor, cut to the lines allowed with an ellipsis', () => {
    const measurer = fakeMeasurer();
    const full = fitCaption(LONG, box, measurer);
    expect(full.fontPx).toBeLessThan(slot.minFontPx);
    const legible = fitCaption(LONG, box, measurer, 'en', slot);
    expect(legible.fontPx).toBeGreaterThanOrEqual(slot.minFontPx);
    expect((CAPTION_FONT.maxSize - legible.fontSize) % CAPTION_FONT.step).toBe(0);
    expect(legible.lines.length).toBeLessThanOrEqual(slot.maxLines);
    expect(legible.lines.length * legible.lineHeight).toBeLessThanOrEqual(box.h);
    expect(legible).toMatchObject({ isCut: true, fits: true });
    expect(legible.lines.at(-1)).toMatch(/\S…$/);
    // What shows is the caption's beginning, whole words, each line inside the box.
    expect(LONG.startsWith(legible.lines.join(' ').replace(/…$/, ''))).toBe(true);
    measurer.font = `${legible.fontPx}px x`;
    for (const line of legible.lines) expect(measurer.measureText(line).width).toBeLessThanOrEqual(box.w - 8);
  });

  it('leaves a caption that is already large enough as SPEC 5 fits it', () => {
    const short = fitCaption('SHIP IT', { w: 800, h: 240 }, fakeMeasurer(), 'en', slot);
    expect(short).toEqual(fitCaption('SHIP IT', { w: 800, h: 240 }, fakeMeasurer()));
    expect(short.isCut).toBe(false);
    // Shown large, the floor is low: the long caption keeps its full layout.
    const wide = captionLegibilityAt(MEME_IMAGE.width / 2);
    expect(fitCaption(LONG, box, fakeMeasurer(), 'en', wide)).toEqual(fitCaption(LONG, box, fakeMeasurer()));
  });

  it('gives a box too small for one line a single line at the floor, and still warns', () => {
    const tiny = fitCaption('Far too many words for a box this small', { w: 140, h: 10 }, fakeMeasurer(), 'en', slot);
    expect(tiny).toMatchObject({ fits: false, isCut: true });
    expect(tiny.lines).toHaveLength(1);
    expect(tiny.fontPx).toBeGreaterThanOrEqual(slot.minFontPx);
  });
});

describe('meme geometry and fonts', () => {
  it('contains a landscape picture in the 1080×1920 meme, centred', () => {
    expect(containRect({ width: 2000, height: 1000 })).toEqual({ x: 0, y: 690, w: 1080, h: 540 });
  });

  it('puts the reader’s CJK font first among the CJK fonts', () => {
    expect(memeFontFamilies('ja-JP').indexOf('"Noto Sans JP"')).toBeLessThan(
      memeFontFamilies('ja-JP').indexOf('"Noto Sans SC"'),
    );
    expect(memeFontFamilies('zh-Hant').indexOf('"Noto Sans TC"')).toBeLessThan(
      memeFontFamilies('zh-Hant').indexOf('"Noto Sans SC"'),
    );
    expect(memeFontFamilies('en').startsWith('"Anton"')).toBe(true);
  });

  it('fills a caption box’s defaults (SPEC 3)', () => {
    expect(captionBoxSchema.parse({ id: 1, caption: 'hi', x: 0, y: 0, w: 10, h: 10 })).toEqual({
      id: '1',
      caption: 'hi',
      x: 0,
      y: 0,
      w: 10,
      h: 10,
      rotation: 0,
    });
    // The colours' defaults are the layout's (SPEC 3's white on black in the classic one).
    const style = captionStyle(captionBoxSchema.parse({ id: 1, caption: 'hi', x: 0, y: 0, w: 10, h: 10 }));
    expect([style.fontColor, style.outlineColor]).toEqual(['white', 'black']);
    expect(() =>
      captionBoxSchema.parse({ id: 1, caption: 'x', x: 0, y: 0, w: 10, h: 10, fontColor: 'url(javascript:1)' }),
    ).toThrow();
  });
});
