/**
 * Caption text (SPEC 5): its writing direction, where its lines may break, and wrapping at a
 * width. Part of the one caption layout (meme-layout.ts), measured through any 2D context.
 */

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

/** Lines wrapped at a width, and whether a word had to be split across lines to get there. */
export interface WrappedCaption {
  lines: string[];
  /** A piece (a word) wider than the line was cut mid-word: a smaller size may avoid it. */
  splitWord: boolean;
}

/**
 * Wraps text into lines no wider than `maxWidth` at the measurer's current font. A line's width
 * is the sum of its pieces' (each measured once), not the line measured again at every word:
 * fitting tries up to 21 sizes while the arguments stream, and re-measuring made a long caption
 * a long task in the browser. `pieces` lets the caller break the text once for every size.
 */
export function wrapCaptionLines(
  text: string,
  maxWidth: number,
  measurer: TextMeasurer,
  language = 'en',
  pieces: readonly string[] = breakPieces(text, language),
): WrappedCaption {
  const width = (s: string) => (s ? measurer.measureText(s).width : 0);
  const lines: string[] = [];
  let splitWord = false;
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
    if (runs.length > 1) splitWord = true;
    lines.push(...runs.slice(0, -1));
    line = runs.at(-1) ?? '';
    lineWidth = width(line);
  }
  if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
  return { lines, splitWord };
}

/** The lines of wrapCaptionLines alone. */
export function wrapCaption(
  text: string,
  maxWidth: number,
  measurer: TextMeasurer,
  language = 'en',
  pieces: readonly string[] = breakPieces(text, language),
): string[] {
  return wrapCaptionLines(text, maxWidth, measurer, language, pieces).lines;
}
