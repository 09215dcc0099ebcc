import { CAPTION_FONT, MEME_IMAGE, MEME_UI, type CaptionBox } from './memes.js';

/**
 * The one caption layout (SPEC 5, Memes), used by the browser's canvas and by the server's
 * renderer (@napi-rs/canvas) so that a meme looks the same wherever it is drawn. Everything that
 * decides where a pixel goes is here; each side only supplies a 2D context and loads the fonts.
 */

/**
 * The fonts, in fallback order: Anton for the classic meme look (Latin, Vietnamese), Oswald for
 * Cyrillic, then Noto for the other scripts of the 27 UI languages. Each is a font file shipped
 * in an npm package (400 weight, woff2), loaded by both sides: the browser as FontFaces of
 * `family`; the server (Skia keeps one file per family name) each file under its own alias.
 * CJK comes from @openfonts, whose one file holds the whole script (Fontsource splits it in 100).
 */
export const MEME_FONTS = [
  {
    family: 'Anton',
    package: '@fontsource/anton',
    files: ['anton-latin-400-normal.woff2', 'anton-latin-ext-400-normal.woff2', 'anton-vietnamese-400-normal.woff2'],
  },
  {
    family: 'Oswald',
    package: '@fontsource/oswald',
    files: ['oswald-cyrillic-400-normal.woff2', 'oswald-cyrillic-ext-400-normal.woff2'],
  },
  {
    family: 'Noto Sans Arabic',
    package: '@fontsource/noto-sans-arabic',
    files: ['noto-sans-arabic-arabic-400-normal.woff2'],
  },
  {
    family: 'Noto Sans Hebrew',
    package: '@fontsource/noto-sans-hebrew',
    files: ['noto-sans-hebrew-hebrew-400-normal.woff2'],
  },
  { family: 'Noto Sans Thai', package: '@fontsource/noto-sans-thai', files: ['noto-sans-thai-thai-400-normal.woff2'] },
  {
    family: 'Noto Sans Georgian',
    package: '@fontsource/noto-sans-georgian',
    files: ['noto-sans-georgian-georgian-400-normal.woff2'],
  },
  {
    family: 'Noto Sans SC',
    package: '@openfonts/noto-sans-sc_chinese-simplified',
    files: ['noto-sans-sc-chinese-simplified-400.woff2'],
  },
  {
    family: 'Noto Sans TC',
    package: '@openfonts/noto-sans-tc_chinese-traditional',
    files: ['noto-sans-tc-chinese-traditional-400.woff2'],
  },
  { family: 'Noto Sans JP', package: '@openfonts/noto-sans-jp_japanese', files: ['noto-sans-jp-japanese-400.woff2'] },
  { family: 'Noto Sans KR', package: '@openfonts/noto-sans-kr_korean', files: ['noto-sans-kr-korean-400.woff2'] },
] as const;

/** One font file and the family name it is drawn under: the family's own for its first file, `<family> 2`... after. */
export interface MemeFontFile {
  family: string;
  alias: string;
  package: string;
  /** The file's path inside its package (`files/<name>`). */
  file: string;
}

export function memeFontFiles(): MemeFontFile[] {
  return MEME_FONTS.flatMap((font) =>
    font.files.map((name, i) => ({
      family: font.family,
      alias: i === 0 ? font.family : `${font.family} ${i + 1}`,
      package: font.package,
      file: `files/${name}`,
    })),
  );
}

/** Han characters are drawn in the reader's variant: the language's CJK font goes before the others. */
function cjkFirst(language: string): string | undefined {
  const lower = language.toLowerCase();
  if (lower.startsWith('ja')) return 'Noto Sans JP';
  if (lower.startsWith('ko')) return 'Noto Sans KR';
  if (/^zh[-_](hant|tw|hk|mo)/.test(lower)) return 'Noto Sans TC';
  if (lower.startsWith('zh')) return 'Noto Sans SC';
  return undefined;
}

const CJK_FAMILIES = new Set(['Noto Sans SC', 'Noto Sans TC', 'Noto Sans JP', 'Noto Sans KR']);

/**
 * The CSS font-family list for captions in `language`: every alias, each family's together. (The
 * browser, which merges a family's files itself, skips the aliases it does not know.)
 */
export function memeFontFamilies(language = 'en'): string {
  const first = cjkFirst(language);
  const families: string[] = MEME_FONTS.map((font) => font.family);
  const ordered = first
    ? [
        ...families.filter((f) => !CJK_FAMILIES.has(f)),
        first,
        ...families.filter((f) => CJK_FAMILIES.has(f) && f !== first),
      ]
    : families;
  const files = memeFontFiles();
  return ordered.flatMap((family) => files.filter((f) => f.family === family).map((f) => `"${f.alias}"`)).join(', ');
}

/** The canvas `font` of a caption at `size` px. */
export function memeFont(size: number, language = 'en'): string {
  return `${size}px ${memeFontFamilies(language)}`;
}

const RTL_LANGUAGES = /^(ar|fa|he|iw|ur|ps|sd|yi|ug|dv|ckb)([-_]|$)/i;
const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const STRONG_LTR =
  /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0E00-\u0E7F\u10A0-\u10FF\u3040-\u30FF\u3400-\u9FFF\uAC00-\uD7AF]/;

/** A caption's direction: its first strong character's, else the language's. */
export function captionDirection(text: string, language = 'en'): 'ltr' | 'rtl' {
  for (const char of text) {
    if (STRONG_RTL.test(char)) return 'rtl';
    if (STRONG_LTR.test(char)) return 'ltr';
  }
  return RTL_LANGUAGES.test(language) ? 'rtl' : 'ltr';
}

/** What the layout needs of a canvas to measure text. */
export interface TextMeasurer {
  font: string;
  /** The font box's extent from the alphabetic baseline, where the context reports it (browsers and @napi-rs/canvas do). */
  measureText(text: string): { width: number; fontBoundingBoxAscent?: number; fontBoundingBoxDescent?: number };
}

/** Scripts written without spaces between words: a line may break between any two of their words. */
const NO_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

function segmenterFor(language: string): Intl.Segmenter | undefined {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (!Segmenter) return undefined;
  try {
    return new Segmenter(Intl.getCanonicalLocales(language)[0], { granularity: 'word' });
  } catch {
    return new Segmenter(undefined, { granularity: 'word' });
  }
}

/**
 * Breaks text into the pieces a line may end after: words with the spaces and punctuation that
 * follow them, and for scripts written without spaces (Chinese, Japanese, Thai) the words the
 * language's segmenter finds. Explicit newlines are their own pieces.
 */
export function breakPieces(text: string, language = 'en'): string[] {
  const pieces: string[] = [];
  const segmenter = segmenterFor(language);
  for (const [index, paragraph] of text.split('\n').entries()) {
    if (index > 0) pieces.push('\n');
    if (!segmenter) {
      pieces.push(...(paragraph.match(/\S+\s*|\s+/g) ?? []));
      continue;
    }
    let current = '';
    for (const { segment, isWordLike } of segmenter.segment(paragraph)) {
      const breaksBefore =
        current !== '' &&
        isWordLike &&
        (/\s$/.test(current) || NO_SPACES.test(current.slice(-1)) || NO_SPACES.test(segment[0] ?? ''));
      if (breaksBefore) {
        pieces.push(current);
        current = '';
      }
      current += segment;
    }
    if (current) pieces.push(current);
  }
  return pieces;
}

/** Splits a piece wider than a line into grapheme runs that fit (a long URL, a very long word). */
function splitWide(piece: string, maxWidth: number, measure: (s: string) => number): string[] {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  const graphemes = Segmenter
    ? [...new Segmenter(undefined, { granularity: 'grapheme' }).segment(piece)].map((s) => s.segment)
    : [...piece];
  const runs: string[] = [];
  let run = '';
  for (const g of graphemes) {
    if (run && measure(run + g) > maxWidth) {
      runs.push(run);
      run = '';
    }
    run += g;
  }
  if (run) runs.push(run);
  return runs;
}

/**
 * Wraps text into lines no wider than `maxWidth` at the measurer's current font. A line's width
 * is the sum of its pieces' (each measured once), not the line measured again at every word:
 * fitting tries up to 21 sizes while the arguments stream, and re-measuring made a long caption
 * a long task in the browser. `pieces` lets the caller break the text once for every size.
 */
export function wrapCaption(
  text: string,
  maxWidth: number,
  measurer: TextMeasurer,
  language = 'en',
  pieces: readonly string[] = breakPieces(text, language),
): string[] {
  const width = (s: string) => (s ? measurer.measureText(s).width : 0);
  const lines: string[] = [];
  let line = '';
  // The width of `line` as written, trailing spaces included (the next piece starts after them).
  let lineWidth = 0;
  for (const piece of pieces) {
    if (piece === '\n') {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
      continue;
    }
    const visible = piece.trimEnd();
    const visibleWidth = width(visible);
    if (lineWidth + visibleWidth <= maxWidth) {
      line += piece;
      lineWidth += visible === piece ? visibleWidth : width(piece);
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    const start = piece.trimStart();
    if (width(start.trimEnd()) <= maxWidth) {
      line = start;
      lineWidth = width(start);
      continue;
    }
    const runs = splitWide(start.trimEnd(), maxWidth, (s) => width(s.trimEnd()));
    lines.push(...runs.slice(0, -1));
    line = runs.at(-1) ?? '';
    lineWidth = width(line);
  }
  if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

/** Room kept inside a box on every side, so the outline never touches its edge. */
export const CAPTION_PADDING = 4;

export interface CaptionFit {
  /** SPEC 5's size, 50 down to 10 (the meme as a phone shows it). */
  fontSize: number;
  /** That size in the meme's pixels (`fontSize × CAPTION_FONT.pxPerUnit`): what is drawn. */
  fontPx: number;
  lines: string[];
  /** Height of one line, in px. */
  lineHeight: number;
  /**
   * False when the text does not fit even at the smallest size (SPEC 5: a warning); drawn at that
   * size anyway. Always SPEC 5's answer, also when a legibility floor drew it otherwise.
   */
  fits: boolean;
  /** The lines were cut (a legibility floor's line cap), the last one ending in an ellipsis. */
  isCut: boolean;
  direction: 'ltr' | 'rtl';
}

/** Width of the caption's outline stroke at a font size. */
export const outlineWidth = (fontPx: number): number => Math.max(2, Math.round(fontPx / 12));

/**
 * How small a caption may be drawn where the meme is shown shrunk. SPEC 5 shrinks a caption to
 * 20 px of the 1080-wide meme, which a grid slot 170 CSS px wide shows at 3 px: a wall of dots.
 */
export interface CaptionLegibility {
  /** The smallest font, in the meme's pixels, that reads at the size the meme is shown. */
  minFontPx: number;
  /** The most lines a caption gets then; the rest is cut with an ellipsis. */
  maxLines: number;
}

/**
 * The legibility rule for a meme shown `displayWidth` CSS px wide (MEME_UI.slotCaption): the
 * font never under `minCssPx` on screen, at most `maxLines` lines.
 * @example captionLegibilityAt(180) // { minFontPx: 60, maxLines: 3 }
 */
export function captionLegibilityAt(displayWidth: number): CaptionLegibility {
  const { minCssPx, maxLines } = MEME_UI.slotCaption;
  return { minFontPx: Math.ceil((minCssPx * MEME_IMAGE.width) / Math.max(1, displayWidth)), maxLines };
}

const ELLIPSIS = '\u2026';

/** A line shortened (by words, else by characters) until it fits `maxWidth` with an ellipsis after it. */
function ellipsize(line: string, maxWidth: number, measurer: TextMeasurer, language: string): string {
  const width = (s: string) => measurer.measureText(s).width;
  const pieces = breakPieces(line, language);
  while (pieces.length > 1 && width(pieces.join('').trimEnd() + ELLIPSIS) > maxWidth) pieces.pop();
  let cut = pieces.join('').trimEnd();
  const graphemes = [...cut];
  while (graphemes.length > 1 && width(graphemes.join('').trimEnd() + ELLIPSIS) > maxWidth) graphemes.pop();
  cut = graphemes.join('').trimEnd();
  // A dangling comma or dash before the ellipsis reads as a typo.
  return cut.replace(/[\s,;:\-\u2013\u2014]+$/u, '') + ELLIPSIS;
}

/**
 * A caption that SPEC 5 would draw below the legibility floor, drawn at the floor instead: the
 * smallest SPEC size at or above `minFontPx`, wrapped, and cut to as many lines as the box holds
 * (at least one, at most `maxLines`), the last one ending in an ellipsis.
 */
function fitLegibly(
  text: string,
  box: Pick<CaptionBox, 'w' | 'h'>,
  measurer: TextMeasurer,
  language: string,
  legibility: CaptionLegibility,
  full: CaptionFit,
): CaptionFit {
  const unitsAtFloor = Math.ceil(legibility.minFontPx / CAPTION_FONT.pxPerUnit / CAPTION_FONT.step) * CAPTION_FONT.step;
  const fontSize = Math.min(CAPTION_FONT.maxSize, unitsAtFloor);
  const fontPx = fontSize * CAPTION_FONT.pxPerUnit;
  const maxWidth = Math.max(1, box.w - 2 * CAPTION_PADDING);
  const maxHeight = Math.max(1, box.h - 2 * CAPTION_PADDING);
  measurer.font = memeFont(fontPx, language);
  const wrapped = wrapCaption(text, maxWidth, measurer, language);
  const lineHeight = Math.round(fontPx * CAPTION_FONT.lineHeight);
  const room = Math.max(1, Math.min(legibility.maxLines, Math.floor(maxHeight / lineHeight)));
  const isCut = wrapped.length > room;
  const lines = isCut
    ? [...wrapped.slice(0, room - 1), ellipsize(wrapped[room - 1] ?? '', maxWidth, measurer, language)]
    : wrapped;
  return { fontSize, fontPx, lines, lineHeight, fits: full.fits, isCut, direction: full.direction };
}

/**
 * SPEC 5: the font shrinks from 50 to 10 in steps of 2 until the wrapped text fits its box
 * (width and height, padding included); at 10 it is drawn even if it does not fit, and says so.
 * With `legibility` (a meme shown small), a caption that would end under its floor is drawn at
 * the floor and cut to fit instead (`isCut`); `fits` still answers for SPEC 5's sizes.
 */
export function fitCaption(
  text: string,
  box: Pick<CaptionBox, 'w' | 'h'>,
  measurer: TextMeasurer,
  language = 'en',
  legibility?: CaptionLegibility,
): CaptionFit {
  const direction = captionDirection(text, language);
  const maxWidth = Math.max(1, box.w - 2 * CAPTION_PADDING);
  const maxHeight = Math.max(1, box.h - 2 * CAPTION_PADDING);
  let last: CaptionFit | undefined;
  const pieces = breakPieces(text, language);
  for (let size = CAPTION_FONT.maxSize; size >= CAPTION_FONT.minSize; size -= CAPTION_FONT.step) {
    const fontPx = size * CAPTION_FONT.pxPerUnit;
    measurer.font = memeFont(fontPx, language);
    const lines = wrapCaption(text, maxWidth, measurer, language, pieces);
    const lineHeight = Math.round(fontPx * CAPTION_FONT.lineHeight);
    const widest = Math.max(0, ...lines.map((l) => measurer.measureText(l).width));
    const fits = lines.length * lineHeight <= maxHeight && widest <= maxWidth;
    last = { fontSize: size, fontPx, lines, lineHeight, fits, isCut: false, direction };
    if (fits) break;
  }
  const full = last as CaptionFit;
  if (!legibility || full.fontPx >= legibility.minFontPx) return full;
  return fitLegibly(text, box, measurer, language, legibility, full);
}

/** What drawing needs of a 2D context: the part the DOM's and @napi-rs/canvas's have in common. */
export interface MemeCanvasContext<TImage> extends TextMeasurer {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineJoin: 'round' | 'bevel' | 'miter';
  miterLimit: number;
  textAlign: 'center' | 'end' | 'left' | 'right' | 'start';
  textBaseline: 'alphabetic' | 'bottom' | 'hanging' | 'ideographic' | 'middle' | 'top';
  direction: 'inherit' | 'ltr' | 'rtl';
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(radians: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  drawImage(image: TImage, dx: number, dy: number, dw: number, dh: number): void;
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
}

/** Where the picture goes: scaled to fit inside the meme, centred, on black. */
export function containRect(
  image: { width: number; height: number },
  canvas: { width: number; height: number } = MEME_IMAGE,
): { x: number; y: number; w: number; h: number } {
  const scale = Math.min(canvas.width / image.width, canvas.height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  return { x: (canvas.width - w) / 2, y: (canvas.height - h) / 2, w, h };
}

/** The background behind a picture that does not fill the meme. */
export const MEME_BACKGROUND = '#000000';

/** Draws one caption, fitted to its box (under `legibility` if given) and rotated about the box's centre. */
export function drawCaption<TImage>(
  ctx: MemeCanvasContext<TImage>,
  box: CaptionBox,
  language = 'en',
  legibility?: CaptionLegibility,
): CaptionFit {
  const fit = fitCaption(box.caption, box, ctx, language, legibility);
  if (!box.caption.trim()) return fit;
  ctx.save();
  ctx.translate(box.x + box.w / 2, box.y + box.h / 2);
  if (box.rotation) ctx.rotate((box.rotation * Math.PI) / 180);
  ctx.font = memeFont(fit.fontPx, language);
  ctx.textAlign = 'center';
  // Alphabetic, not 'middle': Chromium puts 'middle' at the em box's middle and Skia in
  // @napi-rs/canvas at the font box's, 7 px apart at 50 px in Anton. Both agree on the
  // alphabetic baseline and the font box around it, so the line is centred on that box here.
  ctx.textBaseline = 'alphabetic';
  ctx.direction = fit.direction;
  ctx.lineJoin = 'round';
  ctx.miterLimit = 2;
  ctx.lineWidth = outlineWidth(fit.fontPx);
  ctx.strokeStyle = box.outlineColor;
  ctx.fillStyle = box.fontColor;
  const font = ctx.measureText(fit.lines[0] ?? '');
  const toBaseline = ((font.fontBoundingBoxAscent ?? 0) - (font.fontBoundingBoxDescent ?? 0)) / 2;
  const top = -((fit.lines.length - 1) * fit.lineHeight) / 2 + toBaseline;
  fit.lines.forEach((line, i) => {
    const y = top + i * fit.lineHeight;
    ctx.strokeText(line, 0, y);
    ctx.fillText(line, 0, y);
  });
  ctx.restore();
  return fit;
}

export interface MemeDrawResult {
  /** Ids of the boxes whose text could not fit (SPEC 5's warning). */
  overflow: string[];
  /** The smallest caption font drawn, in the meme's pixels; null without captions. */
  smallestFontPx: number | null;
}

/**
 * Draws a whole meme: black, the picture contained and centred, then each caption. `image` may be
 * undefined (still loading): the captions are drawn on black so the user sees them as they stream.
 * `legibility` is for a meme shown small (a grid slot); without it, SPEC 5's layout exactly.
 */
export function drawMeme<TImage>(
  ctx: MemeCanvasContext<TImage>,
  image: { source: TImage; width: number; height: number } | undefined,
  boxes: readonly CaptionBox[],
  options: { language?: string; canvas?: { width: number; height: number }; legibility?: CaptionLegibility } = {},
): MemeDrawResult {
  const canvas = options.canvas ?? MEME_IMAGE;
  ctx.save();
  ctx.fillStyle = MEME_BACKGROUND;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (image && image.width > 0 && image.height > 0) {
    const at = containRect(image, canvas);
    ctx.drawImage(image.source, at.x, at.y, at.w, at.h);
  }
  ctx.restore();
  const overflow: string[] = [];
  let smallestFontPx: number | null = null;
  for (const box of boxes) {
    const fit = drawCaption(ctx, box, options.language, options.legibility);
    if (!fit.fits) overflow.push(box.id);
    if (box.caption.trim()) smallestFontPx = Math.min(smallestFontPx ?? fit.fontPx, fit.fontPx);
  }
  return { overflow, smallestFontPx };
}
