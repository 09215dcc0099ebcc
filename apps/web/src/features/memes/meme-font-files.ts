import antonLatinExt from '@fontsource/anton/files/anton-latin-ext-400-normal.woff2?url';
import antonLatin from '@fontsource/anton/files/anton-latin-400-normal.woff2?url';
import antonVietnamese from '@fontsource/anton/files/anton-vietnamese-400-normal.woff2?url';
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

/**
 * The caption fonts' files (packages/shared's MEME_FONTS) as URLs Vite serves, by
 * `<package>/<file>`, with the characters each covers. The ranges are Fontsource's own (its CSS);
 * the CJK files come whole, so theirs are the scripts' blocks. With them the browser fetches only
 * the files a caption needs: an English meme never downloads the 1.5 MB Chinese font.
 */
export const MEME_FONT_SOURCES: Record<string, { url: string; unicodeRange: string }> = {
  '@fontsource/anton/files/anton-latin-400-normal.woff2': {
    url: antonLatin,
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
  '@fontsource/anton/files/anton-latin-ext-400-normal.woff2': {
    url: antonLatinExt,
    unicodeRange:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
  '@fontsource/anton/files/anton-vietnamese-400-normal.woff2': {
    url: antonVietnamese,
    unicodeRange:
      'U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB',
  },
  '@fontsource/oswald/files/oswald-cyrillic-400-normal.woff2': {
    url: oswaldCyrillic,
    unicodeRange: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
  },
  '@fontsource/oswald/files/oswald-cyrillic-ext-400-normal.woff2': {
    url: oswaldCyrillicExt,
    unicodeRange: 'U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F',
  },
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
