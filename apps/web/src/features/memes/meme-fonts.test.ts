import { memeFontFiles } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { memeFontSource, parseUnicodeRange } from './meme-fonts';

describe('meme fonts', () => {
  it('has a URL and a character range for every caption font file the shared layout names', () => {
    for (const file of memeFontFiles()) {
      const source = memeFontSource(file);
      expect(source, `${file.package}/${file.file}`).toBeDefined();
      expect(source?.url).toMatch(/\.woff2/);
      expect(parseUnicodeRange(source?.unicodeRange ?? '').length).toBeGreaterThan(0);
    }
  });

  it('parses unicode ranges', () => {
    expect(parseUnicodeRange('U+0041-005A, U+00E9,junk,U+20000-2FA1F')).toEqual([
      [0x41, 0x5a],
      [0xe9, 0xe9],
      [0x20000, 0x2fa1f],
    ]);
  });
});
