import type { MemeFontChoice } from './memes.js';

/**
 * The caption fonts (issue 39): each a font file shipped in an npm package (400 weight, woff2),
 * loaded by both sides: the browser as FontFaces of `family`; the server (Skia keeps one file per
 * family name) each file under its own alias. Which family a box draws in is its `font` choice;
 * the characters that family lacks fall back through MEME_FONTS, then the emoji font.
 */
export interface MemeFontSpec {
  family: string;
  package: string;
  files: readonly string[];
}

/**
 * The fallback chain, in order: Anton for the classic meme look (Latin, Vietnamese), Oswald for
 * Cyrillic (its Latin files serve the `condensed` choice), then Noto for the other scripts of the
 * 27 UI languages. CJK comes from @openfonts, whose one file holds the whole script (Fontsource
 * splits it in 100).
 */
export const MEME_FONTS: readonly MemeFontSpec[] = [
  {
    family: 'Anton',
    package: '@fontsource/anton',
    files: ['anton-latin-400-normal.woff2', 'anton-latin-ext-400-normal.woff2', 'anton-vietnamese-400-normal.woff2'],
  },
  {
    family: 'Oswald',
    package: '@fontsource/oswald',
    files: [
      'oswald-cyrillic-400-normal.woff2',
      'oswald-cyrillic-ext-400-normal.woff2',
      'oswald-latin-400-normal.woff2',
      'oswald-latin-ext-400-normal.woff2',
    ],
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
];

/** The typefaces a box may choose besides the chain's own (Latin, some Cyrillic and Greek; other scripts fall back). */
export const MEME_CHOICE_FONTS: readonly MemeFontSpec[] = [
  {
    family: 'Bangers',
    package: '@fontsource/bangers',
    files: ['bangers-latin-400-normal.woff2', 'bangers-latin-ext-400-normal.woff2'],
  },
  {
    family: 'Permanent Marker',
    package: '@fontsource/permanent-marker',
    files: ['permanent-marker-latin-400-normal.woff2'],
  },
  {
    family: 'Inter',
    package: '@fontsource/inter',
    files: [
      'inter-latin-400-normal.woff2',
      'inter-latin-ext-400-normal.woff2',
      'inter-cyrillic-400-normal.woff2',
      'inter-greek-400-normal.woff2',
    ],
  },
  {
    family: 'Noto Serif',
    package: '@fontsource/noto-serif',
    files: [
      'noto-serif-latin-400-normal.woff2',
      'noto-serif-latin-ext-400-normal.woff2',
      'noto-serif-cyrillic-400-normal.woff2',
      'noto-serif-greek-400-normal.woff2',
    ],
  },
];

/**
 * Emoji, last in every chain: Noto Emoji, monochrome (drawn in the caption's colour and outlined
 * like its letters). The colour Noto font on npm is COLRv1, which the server's Skia measures but
 * draws as nothing, so the two sides could not agree. One file holds every emoji.
 */
export const MEME_EMOJI_FONT: MemeFontSpec = {
  family: 'Noto Emoji',
  package: '@fontsource/noto-emoji',
  files: ['noto-emoji-emoji-400-normal.woff2'],
};

/** The family each MEME_FONT_CHOICES entry draws in. */
export const MEME_FONT_FAMILY: Record<MemeFontChoice, string> = {
  impact: 'Anton',
  condensed: 'Oswald',
  comic: 'Bangers',
  marker: 'Permanent Marker',
  sans: 'Inter',
  serif: 'Noto Serif',
};

/** One font file and the family name it is drawn under: the family's own for its first file, `<family> 2`... after. */
export interface MemeFontFile {
  family: string;
  alias: string;
  package: string;
  /** The file's path inside its package (`files/<name>`). */
  file: string;
}

const ALL_FONTS: readonly MemeFontSpec[] = [...MEME_FONTS, ...MEME_CHOICE_FONTS, MEME_EMOJI_FONT];

/** Every caption font file, each once: what the server registers and the browser may load. */
export function memeFontFiles(): MemeFontFile[] {
  return ALL_FONTS.flatMap((font) =>
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

/** The families a caption in `language` and `font` falls back through, in order. */
export function memeFamilyOrder(language = 'en', font: MemeFontChoice = 'impact'): string[] {
  const first = cjkFirst(language);
  const chain = MEME_FONTS.map((f) => f.family);
  const scripts = first
    ? [...chain.filter((f) => !CJK_FAMILIES.has(f)), first, ...chain.filter((f) => CJK_FAMILIES.has(f) && f !== first)]
    : chain;
  const chosen = MEME_FONT_FAMILY[font];
  return [chosen, ...scripts.filter((f) => f !== chosen), MEME_EMOJI_FONT.family];
}

/**
 * The CSS font-family list for captions in `language` and `font`: every alias, each family's
 * together. (The browser, which merges a family's files itself, skips the aliases it does not know.)
 */
export function memeFontFamilies(language = 'en', font: MemeFontChoice = 'impact'): string {
  const files = memeFontFiles();
  return memeFamilyOrder(language, font)
    .flatMap((family) => files.filter((f) => f.family === family).map((f) => `"${f.alias}"`))
    .join(', ');
}

/** The canvas `font` of a caption at `size` px. */
export function memeFont(size: number, language = 'en', font: MemeFontChoice = 'impact'): string {
  return `${size}px ${memeFontFamilies(language, font)}`;
}
