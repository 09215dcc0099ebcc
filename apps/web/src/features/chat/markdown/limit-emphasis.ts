import { FENCE, LIST_ITEM, MATH_FENCE } from './split-blocks';

/**
 * Emphasis delimiters (`*`, `_`, `~`) one paragraph may hold before the rest are escaped. The
 * parser matches emphasis in time quadratic in its nesting: 8,000 nested `*…*` (32 KB) froze the
 * tab for 25 s, the shared page too. At this cap the worst nesting parses in about 0.1 s, and a
 * real paragraph (a table row, a list item and a heading each count as one) stays far below it.
 */
export const MAX_EMPHASIS_DELIMITERS = 1000;

const DELIMITERS = /[*_~]/g;
/** Spans whose `*`, `_` and `~` are not emphasis: inline code, math, an escaped character. */
const NOT_EMPHASIS = /(`+)[^`]*?\1|\$\$[^$]*\$\$|\$[^$\n]+\$|\\\(.*?\\\)|\\\[.*?\\\]|\\./g;
/** A line that starts a paragraph of its own: a list item, a table row or a heading. */
const OWN_PARAGRAPH = /^\s*\||^ {0,3}#{1,6}(?:\s|$)/;

/**
 * Before parsing: a paragraph's emphasis delimiters past `MAX_EMPHASIS_DELIMITERS` are escaped,
 * so they show as typed. Code blocks, inline code and math are left alone.
 */
export function escapeExcessEmphasis(source: string): string {
  if ((source.match(DELIMITERS)?.length ?? 0) <= MAX_EMPHASIS_DELIMITERS) return source;
  let fence: string | null = null;
  let isInMath = false;
  let count = 0;
  const escapeDelimiters = (text: string) =>
    text.replace(DELIMITERS, (delimiter) => (++count > MAX_EMPHASIS_DELIMITERS ? `\\${delimiter}` : delimiter));

  return source
    .split('\n')
    .map((line) => {
      const fenceMatch = FENCE.exec(line);
      if (fence) {
        if (fenceMatch?.[1] && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
        return line;
      }
      if (isInMath) {
        if (MATH_FENCE.test(line)) isInMath = false;
        return line;
      }
      if (fenceMatch?.[1]) {
        fence = fenceMatch[1];
        return line;
      }
      if (MATH_FENCE.test(line) && !line.includes('\\]')) {
        isInMath = true;
        return line;
      }
      if (line.trim() === '' || LIST_ITEM.test(line) || OWN_PARAGRAPH.test(line)) count = 0;
      let out = '';
      let last = 0;
      for (const span of line.matchAll(NOT_EMPHASIS)) {
        out += escapeDelimiters(line.slice(last, span.index)) + span[0];
        last = span.index + span[0].length;
      }
      return out + escapeDelimiters(line.slice(last));
    })
    .join('\n');
}
