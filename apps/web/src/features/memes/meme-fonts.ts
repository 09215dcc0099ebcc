import {
  captionStyle,
  displayCaption,
  memeFamilyOrder,
  memeFontFiles,
  type CaptionBox,
  type MemeFontChoice,
  type MemeFontFile,
} from '@confab/shared';
import { MEME_FONT_SOURCES } from './meme-font-files';

/** The file's Vite URL and the characters it covers, or undefined when it has none (a test keeps that from happening). */
export function memeFontSource(file: MemeFontFile): { url: string; unicodeRange: string } | undefined {
  return MEME_FONT_SOURCES[`${file.package}/${file.file}`];
}

interface LoadedFace {
  family: string;
  face: FontFace;
  ranges: [number, number][];
}

/** `U+0041-005A,U+00E9` as [[0x41, 0x5a], [0xe9, 0xe9]]. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').flatMap((part) => {
    const match = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!match?.[1]) return [];
    const low = parseInt(match[1], 16);
    return [[low, match[2] ? parseInt(match[2], 16) : low]];
  });
}

let faces: LoadedFace[] | null = null;

/**
 * The caption fonts as FontFaces of their `family` (the browser merges a family's files by their
 * ranges, so the server's per-file aliases are not needed here), added to the document on first
 * use. Nothing is downloaded until a caption needs a file.
 */
function getFaces(): LoadedFace[] {
  if (faces) return faces;
  faces = [];
  for (const file of memeFontFiles()) {
    const source = memeFontSource(file);
    if (!source) continue;
    const face = new FontFace(file.family, `url(${source.url}) format('woff2')`, {
      weight: '400',
      style: 'normal',
      unicodeRange: source.unicodeRange,
    });
    document.fonts.add(face);
    faces.push({ family: file.family, face, ranges: parseUnicodeRange(source.unicodeRange) });
  }
  return faces;
}

/**
 * Loads the font files the captions need before they are drawn (a canvas does not wait for a
 * font: it would draw in a fallback and measure wrongly). Each character is assigned the first
 * family in fallback order that covers it, as the browser will draw it; only those files load.
 * (`document.fonts.load(font, text)` would fetch every family that covers a character: all four
 * CJK fonts, 5 MB, for one Chinese caption.) A file that fails to load leaves the fallback.
 */
export async function loadMemeFonts(
  texts: readonly string[],
  language = 'en',
  font: MemeFontChoice = 'impact',
): Promise<void> {
  await loadCaptionFonts(
    texts.map((text) => ({ text, font })),
    language,
  );
}

/** As loadMemeFonts, for the boxes of a meme: each in its own font, as it is drawn (capitals too). */
export async function loadMemeBoxFonts(boxes: readonly CaptionBox[], language = 'en'): Promise<void> {
  await loadCaptionFonts(
    boxes
      .filter((box) => !box.sticker)
      .map((box) => {
        const style = captionStyle(box);
        return { text: displayCaption(box.caption, style, language), font: style.font };
      }),
    language,
  );
}

async function loadCaptionFonts(
  captions: readonly { text: string; font: MemeFontChoice }[],
  language: string,
): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  const all = getFaces();
  const needed = new Set<FontFace>();
  const seen = new Set<string>();
  for (const { text, font } of captions) {
    const families = memeFamilyOrder(language, font);
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (seen.has(`${font}:${code}`) || /\s/.test(char)) continue;
      seen.add(`${font}:${code}`);
      for (const family of families) {
        const match = all.find((f) => f.family === family && f.ranges.some(([lo, hi]) => code >= lo && code <= hi));
        if (match) {
          needed.add(match.face);
          break;
        }
      }
    }
  }
  await Promise.all([...needed].map((face) => (face.status === 'loaded' ? null : face.load().catch(() => null))));
}
