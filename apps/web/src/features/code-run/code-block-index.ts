/** A fenced code block of a markdown text: the first word of its info string, and its code. */
export interface FencedCode {
  lang: string | null;
  code: string;
}

/** An opening fence, after any blockquote markers: its indent, the fence, and the info string. */
const OPENING = /^( *)(`{3,}|~{3,})(.*)$/;
const BLOCKQUOTE = /^ {0,3}(?:> ?)+/;

function withoutQuote(line: string): string {
  return line.replace(BLOCKQUOTE, '');
}

/**
 * The fenced code blocks of a markdown text, in order. It follows CommonMark's fences closely
 * enough for model output (indented inside lists, inside blockquotes, backticks or tildes, a
 * block left open at the end runs to it); indented code blocks are not counted.
 */
export function listFencedCode(markdown: string): FencedCode[] {
  const blocks: FencedCode[] = [];
  let open: { fence: string; indent: number; lang: string | null; lines: string[] } | null = null;
  for (const raw of markdown.split('\n')) {
    const line = withoutQuote(raw);
    if (open) {
      const trimmed = line.trim();
      const isClosing =
        trimmed.length >= open.fence.length &&
        trimmed[0] === open.fence[0] &&
        new RegExp(`^\\${open.fence[0]}+$`).test(trimmed);
      if (isClosing) {
        blocks.push({ lang: open.lang, code: open.lines.join('\n') });
        open = null;
        continue;
      }
      // Content keeps what lies beyond the opening fence's indent.
      const indent = /^ */.exec(line)?.[0].length ?? 0;
      open.lines.push(line.slice(Math.min(indent, open.indent)));
      continue;
    }
    const match = OPENING.exec(line);
    if (!match) continue;
    const [, indent = '', fence = '', info = ''] = match;
    // A backtick fence's info string holds no backtick (that is inline code).
    if (fence[0] === '`' && info.includes('`')) continue;
    const lang = info.trim().split(/\s+/)[0] || null;
    open = { fence, indent: indent.length, lang, lines: [] };
  }
  if (open) blocks.push({ lang: open.lang, code: open.lines.join('\n') });
  return blocks;
}

/** Lines without their indent and trailing spaces, blank lines dropped: code as it compares loosely. */
function looseCode(code: string): string {
  return code
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * Which fenced block of `markdown` a rendered block is (LibreChat's `blockIndex`, with the
 * message id and part index the key its runs are kept under), or -1. A rendered tree is cached
 * and shared by every message of the same text, so the block cannot count its place while
 * rendering; it is found by its code instead. Two blocks of the same code are the same block
 * here: they run alike.
 * @example codeBlockIndex('```py\nprint(1)\n```', 'print(1)') // 0
 */
export function codeBlockIndex(markdown: string, code: string): number {
  const blocks = listFencedCode(markdown);
  const normalized = code.replace(/\n$/, '');
  const exact = blocks.findIndex((block) => block.code === normalized);
  if (exact !== -1) return exact;
  const loose = looseCode(normalized);
  return blocks.findIndex((block) => looseCode(block.code) === loose);
}
