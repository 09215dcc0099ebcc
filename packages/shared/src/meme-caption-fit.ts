import { memeFont } from './meme-fonts-catalog.js';
import { breakPieces, captionDirection, wrapCaption, wrapCaptionLines, type TextMeasurer } from './meme-text.js';
import { CAPTION_FONT, MEME_IMAGE, MEME_UI, type CaptionBox, type MemeFontChoice } from './memes.js';

/**
 * Caption fitting (SPEC 5): the size a caption is drawn at in its box, and the legibility floor
 * of a meme shown small. Part of the one caption layout (meme-layout.ts).
 */

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
  font: MemeFontChoice,
): CaptionFit {
  const unitsAtFloor = Math.ceil(legibility.minFontPx / CAPTION_FONT.pxPerUnit / CAPTION_FONT.step) * CAPTION_FONT.step;
  const fontSize = Math.min(CAPTION_FONT.maxSize, unitsAtFloor);
  const fontPx = fontSize * CAPTION_FONT.pxPerUnit;
  const maxWidth = Math.max(1, box.w - 2 * CAPTION_PADDING);
  const maxHeight = Math.max(1, box.h - 2 * CAPTION_PADDING);
  measurer.font = memeFont(fontPx, language, font);
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
 * A size that fits only by cutting a word across lines gives way to a smaller one that fits
 * without (when there is one): "UNBELIEVAB / LE" reads worse than a smaller "UNBELIEVABLE".
 * With `legibility` (a meme shown small), a caption that would end under its floor is drawn at
 * the floor and cut to fit instead (`isCut`); `fits` still answers for SPEC 5's sizes.
 */
export function fitCaption(
  text: string,
  box: Pick<CaptionBox, 'w' | 'h'>,
  measurer: TextMeasurer,
  language = 'en',
  legibility?: CaptionLegibility,
  font: MemeFontChoice = 'impact',
): CaptionFit {
  const direction = captionDirection(text, language);
  const maxWidth = Math.max(1, box.w - 2 * CAPTION_PADDING);
  const maxHeight = Math.max(1, box.h - 2 * CAPTION_PADDING);
  let last: CaptionFit | undefined;
  let fitsBySplitting: CaptionFit | undefined;
  let chosen: CaptionFit | undefined;
  const pieces = breakPieces(text, language);
  for (let size = CAPTION_FONT.maxSize; size >= CAPTION_FONT.minSize; size -= CAPTION_FONT.step) {
    const fontPx = size * CAPTION_FONT.pxPerUnit;
    measurer.font = memeFont(fontPx, language, font);
    const { lines, splitWord } = wrapCaptionLines(text, maxWidth, measurer, language, pieces);
    const lineHeight = Math.round(fontPx * CAPTION_FONT.lineHeight);
    const widest = Math.max(0, ...lines.map((l) => measurer.measureText(l).width));
    const fits = lines.length * lineHeight <= maxHeight && widest <= maxWidth;
    last = { fontSize: size, fontPx, lines, lineHeight, fits, isCut: false, direction };
    if (fits && !splitWord) {
      chosen = last;
      break;
    }
    if (fits) fitsBySplitting ??= last;
  }
  const full = (chosen ?? fitsBySplitting ?? last) as CaptionFit;
  if (!legibility || full.fontPx >= legibility.minFontPx) return full;
  return fitLegibly(text, box, measurer, language, legibility, full, font);
}
