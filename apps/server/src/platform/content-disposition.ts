import { makeWellFormed } from './parse.js';

/**
 * Controls and bidirectional overrides: `\u202Egpj.exe` would show a download of `….json` as
 * `…nosj.exe`-like text in file managers.
 */
export const UNSAFE_IN_FILENAME = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Content-Disposition for a download: an ASCII `filename` any client understands, plus the
 * exact UTF-8 name (RFC 6266 / RFC 5987 `filename*`) for those that read it. The name before its
 * extension is cut to `maxChars` code points (half a surrogate pair would make
 * encodeURIComponent throw: a 500 for an emoji title); `fallback` stands in for a name with
 * nothing left.
 */
export function attachmentHeader(filename: string, options: { fallback: string; maxChars: number }): string {
  const dot = filename.lastIndexOf('.');
  const base = makeWellFormed(dot > 0 ? filename.slice(0, dot) : filename);
  const ext = dot > 0 ? filename.slice(dot + 1).replace(UNSAFE_IN_FILENAME, '') : '';
  const suffix = ext ? `.${ext}` : '';
  const safe =
    base
      .normalize('NFKD')
      .replace(/[^\w .-]+/g, '')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+/, '')
      .trim()
      .slice(0, options.maxChars) || options.fallback;
  const safeSuffix = suffix.normalize('NFKD').replace(/[^\w.-]+/g, '');
  const exact = `${Array.from(base.replace(UNSAFE_IN_FILENAME, '')).slice(0, options.maxChars).join('').trim() || options.fallback}${suffix}`;
  const encoded = encodeURIComponent(exact).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${safe}${safeSuffix}"; filename*=UTF-8''${encoded}`;
}
