import antonLatinExt from '@fontsource/anton/files/anton-latin-ext-400-normal.woff2?url';
import antonLatin from '@fontsource/anton/files/anton-latin-400-normal.woff2?url';
import antonVietnamese from '@fontsource/anton/files/anton-vietnamese-400-normal.woff2?url';
import bangersLatinExt from '@fontsource/bangers/files/bangers-latin-ext-400-normal.woff2?url';
import bangersLatin from '@fontsource/bangers/files/bangers-latin-400-normal.woff2?url';
import interCyrillic from '@fontsource/inter/files/inter-cyrillic-400-normal.woff2?url';
import interGreek from '@fontsource/inter/files/inter-greek-400-normal.woff2?url';
import interLatinExt from '@fontsource/inter/files/inter-latin-ext-400-normal.woff2?url';
import interLatin from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import notoEmoji from '@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff2?url';
import notoSerifCyrillic from '@fontsource/noto-serif/files/noto-serif-cyrillic-400-normal.woff2?url';
import notoSerifGreek from '@fontsource/noto-serif/files/noto-serif-greek-400-normal.woff2?url';
import notoSerifLatinExt from '@fontsource/noto-serif/files/noto-serif-latin-ext-400-normal.woff2?url';
import notoSerifLatin from '@fontsource/noto-serif/files/noto-serif-latin-400-normal.woff2?url';
import oswaldLatinExt from '@fontsource/oswald/files/oswald-latin-ext-400-normal.woff2?url';
import oswaldLatin from '@fontsource/oswald/files/oswald-latin-400-normal.woff2?url';
import permanentMarkerLatin from '@fontsource/permanent-marker/files/permanent-marker-latin-400-normal.woff2?url';
import notoArabic from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2?url';
import notoGeorgian from '@fontsource/noto-sans-georgian/files/noto-sans-georgian-georgian-400-normal.woff2?url';
import notoHebrew from '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff2?url';
import notoThai from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2?url';
import oswaldCyrillicExt from '@fontsource/oswald/files/oswald-cyrillic-ext-400-normal.woff2?url';
import oswaldCyrillic from '@fontsource/oswald/files/oswald-cyrillic-400-normal.woff2?url';
import notoJapanese from '@openfonts/noto-sans-jp_japanese/files/noto-sans-jp-japanese-400.woff2?url';
import notoKorean from '@openfonts/noto-sans-kr_korean/files/noto-sans-kr-korean-400.woff2?url';
import notoSimplified from '@openfonts/noto-sans-sc_chinese-simplified/files/noto-sans-sc-chinese-simplified-400.woff2?url';
import notoTraditional from '@openfonts/noto-sans-tc_chinese-traditional/files/noto-sans-tc-chinese-traditional-400.woff2?url';

/** Fontsource's subsets cover the same characters in every family. */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';
const CYRILLIC = 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116';
const GREEK = 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF';
/** Where emoji are: the whole Noto Emoji file covers these (its letters and digits are left to the text fonts). */
const EMOJI =
  'U+00A9,U+00AE,U+200D,U+203C,U+2049,U+20E3,U+2122,U+2139,U+2194-21AA,U+231A-23FF,U+24C2,U+25AA-27BF,U+2934-2935,U+2B05-2B55,U+3030,U+303D,U+3297,U+3299,U+FE0F,U+1F000-1FAFF,U+E0020-E007F';

/**
 * The caption fonts' files (packages/shared's memeFontFiles: the fallback chain, the box's choices, emoji) as URLs Vite serves, by
 * `<package>/<file>`, with the characters each covers. The ranges are Fontsource's own (its CSS);
 * the CJK files come whole, so theirs are the scripts' blocks. With them the browser fetches only
 * the files a caption needs: an English meme never downloads the 1.5 MB Chinese font.
 */
export const MEME_FONT_SOURCES: Record<string, { url: string; unicodeRange: string }> = {
  '@fontsource/anton/files/anton-latin-400-normal.woff2': {
    url: antonLatin,
    unicodeRange: LATIN,
  },
  '@fontsource/anton/files/anton-latin-ext-400-normal.woff2': {
    url: antonLatinExt,
    unicodeRange: LATIN_EXT,
  },
  '@fontsource/anton/files/anton-vietnamese-400-normal.woff2': {
    url: antonVietnamese,
    unicodeRange:
      'U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB',
  },
  '@fontsource/oswald/files/oswald-cyrillic-400-normal.woff2': {
    url: oswaldCyrillic,
    unicodeRange: CYRILLIC,
  },
  '@fontsource/oswald/files/oswald-cyrillic-ext-400-normal.woff2': {
    url: oswaldCyrillicExt,
    unicodeRange: 'U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F',
  },
  '@fontsource/oswald/files/oswald-latin-400-normal.woff2': { url: oswaldLatin, unicodeRange: LATIN },
  '@fontsource/oswald/files/oswald-latin-ext-400-normal.woff2': { url: oswaldLatinExt, unicodeRange: LATIN_EXT },
  '@fontsource/bangers/files/bangers-latin-400-normal.woff2': { url: bangersLatin, unicodeRange: LATIN },
  '@fontsource/bangers/files/bangers-latin-ext-400-normal.woff2': { url: bangersLatinExt, unicodeRange: LATIN_EXT },
  '@fontsource/permanent-marker/files/permanent-marker-latin-400-normal.woff2': {
    url: permanentMarkerLatin,
    unicodeRange: LATIN,
  },
  '@fontsource/inter/files/inter-latin-400-normal.woff2': { url: interLatin, unicodeRange: LATIN },
  '@fontsource/inter/files/inter-latin-ext-400-normal.woff2': { url: interLatinExt, unicodeRange: LATIN_EXT },
  '@fontsource/inter/files/inter-cyrillic-400-normal.woff2': { url: interCyrillic, unicodeRange: CYRILLIC },
  '@fontsource/inter/files/inter-greek-400-normal.woff2': { url: interGreek, unicodeRange: GREEK },
  '@fontsource/noto-serif/files/noto-serif-latin-400-normal.woff2': { url: notoSerifLatin, unicodeRange: LATIN },
  '@fontsource/noto-serif/files/noto-serif-latin-ext-400-normal.woff2': {
    url: notoSerifLatinExt,
    unicodeRange: LATIN_EXT,
  },
  '@fontsource/noto-serif/files/noto-serif-cyrillic-400-normal.woff2': {
    url: notoSerifCyrillic,
    unicodeRange: CYRILLIC,
  },
  '@fontsource/noto-serif/files/noto-serif-greek-400-normal.woff2': { url: notoSerifGreek, unicodeRange: GREEK },
  '@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff2': { url: notoEmoji, unicodeRange: EMOJI },
  '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2': {
    url: notoArabic,
    unicodeRange:
      'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC',
  },
  '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff2': {
    url: notoHebrew,
    unicodeRange: 'U+0307-0308,U+0590-05FF,U+200C-2010,U+20AA,U+25CC,U+FB1D-FB4F',
  },
  '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2': {
    url: notoThai,
    unicodeRange: 'U+02D7,U+0303,U+0331,U+0E01-0E5B,U+200C-200D,U+25CC',
  },
  '@fontsource/noto-sans-georgian/files/noto-sans-georgian-georgian-400-normal.woff2': {
    url: notoGeorgian,
    unicodeRange: 'U+0589,U+10A0-10FF,U+1C90-1CBA,U+1CBD-1CBF,U+205A,U+2D00-2D2F,U+2E31',
  },
  '@openfonts/noto-sans-sc_chinese-simplified/files/noto-sans-sc-chinese-simplified-400.woff2': {
    url: notoSimplified,
    unicodeRange: hanRange(),
  },
  '@openfonts/noto-sans-tc_chinese-traditional/files/noto-sans-tc-chinese-traditional-400.woff2': {
    url: notoTraditional,
    unicodeRange: hanRange(),
  },
  '@openfonts/noto-sans-jp_japanese/files/noto-sans-jp-japanese-400.woff2': {
    url: notoJapanese,
    unicodeRange: `${hanRange()},U+3040-30FF,U+31F0-31FF`,
  },
  '@openfonts/noto-sans-kr_korean/files/noto-sans-kr-korean-400.woff2': {
    url: notoKorean,
    unicodeRange: 'U+1100-11FF,U+3000-303F,U+3130-318F,U+A960-A97F,U+AC00-D7FF,U+FF00-FFEF',
  },
};

/** Han ideographs with their punctuation, radicals and full-width forms. */
function hanRange(): string {
  return 'U+2E80-2FDF,U+3000-303F,U+3100-312F,U+31C0-31EF,U+3200-33FF,U+3400-4DBF,U+4E00-9FFF,U+F900-FAFF,U+FE30-FE4F,U+FF00-FFEF,U+20000-2FA1F';
}
