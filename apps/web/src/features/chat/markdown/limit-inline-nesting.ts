import { fenceTracker, LIST_ITEM } from './split-blocks';

/**
 * The parser takes time quadratic in how deeply emphasis, links and images nest: 8,000 nested
 * `*…*` (32 KB) froze the tab for 25 s, 5,000 nested `![a…](u)` (35 KB) for 47 s, 40,000 `]`
 * closing nothing for 8 s, the shared page too. Past these caps the marks are escaped before
 * parsing and show as typed.
 */

/**
 * Emphasis delimiters (`*`, `_`, `~`) one paragraph may hold. At this cap the worst nesting parses
 * in about 0.1 s, and a real paragraph (a table row, a list item and a heading each count as one)
 * stays far below it.
 */
export const MAX_EMPHASIS_DELIMITERS = 1000;
/** How deeply `[` may nest in a paragraph: links and images side by side never go past 1. */
export const MAX_BRACKET_DEPTH = 32;

const EMPHASIS = /[*_~]/g;
const MARKS = /[*_~[\]]/g;
/** Spans whose marks are not markup: inline code, math, an escaped character. */
const NOT_MARKUP = /(`+)[^`]*?\1|\$\$[^$]*\$\$|\$[^$\n]+\$|\\\(.*?\\\)|\\\[.*?\\\]|\\./g;
/** A line that starts a paragraph of its own: a list item, a table row or a heading. */
const OWN_PARAGRAPH = /^\s*\||^ {0,3}#{1,6}(?:\s|$)/;

const countOf = (source: string, pattern: RegExp) => source.match(pattern)?.length ?? 0;

/**
 * Before parsing: a paragraph's emphasis delimiters past `MAX_EMPHASIS_DELIMITERS`, its `[` nested
 * deeper than `MAX_BRACKET_DEPTH` and its `]` closing nothing are escaped. Code blocks, inline code
 * and math are left alone.
 */
export function escapeExcessInlineNesting(source: string): string {
  if (countOf(source, EMPHASIS) <= MAX_EMPHASIS_DELIMITERS && countOf(source, /[[\]]/g) <= MAX_BRACKET_DEPTH) {
    return source;
  }
  const track = fenceTracker();
  let emphasisCount = 0;
  let bracketDepth = 0;
  const escapeMark = (mark: string) => {
    if (mark === ']') {
      // One that closes nothing is text either way, escaped or not; escaped, the parser need not
      // look back for its opening (the GFM footnote check does so at a cost quadratic in them).
      if (bracketDepth === 0) return '\\]';
      bracketDepth--;
      return mark;
    }
    if (mark === '[') {
      if (bracketDepth >= MAX_BRACKET_DEPTH) return '\\[';
      bracketDepth++;
      return mark;
    }
    return ++emphasisCount > MAX_EMPHASIS_DELIMITERS ? `\\${mark}` : mark;
  };
  const escapeMarks = (text: string) => text.replace(MARKS, escapeMark);

  return source
    .split('\n')
    .map((line) => {
      if (track(line) !== 'outside') return line;
      if (line.trim() === '' || LIST_ITEM.test(line) || OWN_PARAGRAPH.test(line)) {
        emphasisCount = 0;
        bracketDepth = 0;
      }
      let out = '';
      let last = 0;
      for (const span of line.matchAll(NOT_MARKUP)) {
        out += escapeMarks(line.slice(last, span.index)) + span[0];
        last = span.index + span[0].length;
      }
      return out + escapeMarks(line.slice(last));
    })
    .join('\n');
}
