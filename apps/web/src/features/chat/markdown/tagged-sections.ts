import { fenceTracker } from './split-blocks';

/**
 * SPEC 9: the tags a model may wrap parts of its reply in. They show as collapsible blocks; any
 * other tag is left to the markdown pipeline (raw HTML is never rendered).
 */
export const MARKDOWN_TAGS = [
  'user-answers-summary',
  'user-language',
  'shorted-user-message',
  'shorten-user-message',
  'brain_storm',
  'style',
  'character',
  'answer',
  'answers',
  'question',
  'questions',
] as const;
export type MarkdownTag = (typeof MARKDOWN_TAGS)[number];

/** How deeply tag blocks nest: deeper tags are dropped and their text stays in the block around them. */
export const MAX_TAG_DEPTH = 4;

export type TaggedNode =
  { type: 'markdown'; text: string } | { type: 'tag'; tag: MarkdownTag; isClosed: boolean; children: TaggedNode[] };

/** Spellings of one tag that close each other (`<answers>` … `</answer>`). */
const FAMILY: Record<MarkdownTag, string> = {
  'user-answers-summary': 'user-answers-summary',
  'user-language': 'user-language',
  'shorted-user-message': 'short-message',
  'shorten-user-message': 'short-message',
  brain_storm: 'brain_storm',
  style: 'style',
  character: 'character',
  answer: 'answers',
  answers: 'answers',
  question: 'questions',
  questions: 'questions',
};

/**
 * An opening or closing tag of SPEC 9, on one line. Attributes are allowed and thrown away
 * (`<question id="1">`): nothing of them reaches the page.
 */
const TAG_SOURCE = `<(/?)(${MARKDOWN_TAGS.join('|')})(?:\\s[^<>\\n]{0,200})?\\s*>`;
const TAG = new RegExp(TAG_SOURCE, 'gi');
const HAS_TAG = new RegExp(TAG_SOURCE, 'i');
/** Inline code spans and escaped characters: a tag inside is text. */
const LITERAL = /(`+)[^`]*?\1|\\./g;

interface OpenTag {
  node: Extract<TaggedNode, { type: 'tag' }>;
  family: string;
}

/**
 * Splits model output at the tags of SPEC 9 into markdown and tag blocks (possibly nested), or
 * answers null when it holds none outside code. Tags inside fenced code, inline code or after a backslash stay
 * text. A tag still open at the end (a reply streaming in) is a block that is not `isClosed`;
 * a closing tag that closes nothing is dropped. Walks without recursion, so any nesting is safe.
 */
export function splitTaggedSections(source: string): TaggedNode[] | null {
  if (!HAS_TAG.test(source)) return null;

  const root: TaggedNode[] = [];
  const open: OpenTag[] = [];
  /** Families of tags dropped past MAX_TAG_DEPTH, so their closing tags are dropped too. */
  const skipped: string[] = [];
  const container = () => open.at(-1)?.node.children ?? root;
  const appendText = (text: string) => {
    if (!text) return;
    const children = container();
    const last = children.at(-1);
    if (last?.type === 'markdown') last.text += text;
    else children.push({ type: 'markdown', text });
  };
  const openTag = (tag: MarkdownTag) => {
    const family = FAMILY[tag];
    if (open.length >= MAX_TAG_DEPTH) {
      skipped.push(family);
      return;
    }
    const node: OpenTag['node'] = { type: 'tag', tag, isClosed: false, children: [] };
    container().push(node);
    open.push({ node, family });
  };
  const closeTag = (tag: MarkdownTag) => {
    const family = FAMILY[tag];
    if (skipped.at(-1) === family) {
      skipped.pop();
      return;
    }
    const at = open.findLastIndex((o) => o.family === family);
    if (at < 0) return;
    // Tags opened inside and never closed end with it.
    for (const closed of open.splice(at)) closed.node.isClosed = true;
  };

  let isAnyTagRead = false;
  const track = fenceTracker();
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    const text = index < lines.length - 1 ? `${line}\n` : line;
    if (track(line) !== 'outside' || !line.includes('<')) {
      appendText(text);
      return;
    }
    const literal = literalRanges(line);
    let last = 0;
    for (const match of line.matchAll(TAG)) {
      const start = match.index;
      if (literal.some(([from, to]) => start >= from && start < to)) continue;
      appendText(line.slice(last, start));
      last = start + match[0].length;
      isAnyTagRead = true;
      const tag = (match[2] ?? '').toLowerCase() as MarkdownTag;
      if (match[1]) closeTag(tag);
      else openTag(tag);
    }
    appendText(text.slice(last));
  });
  // Tags only in code: the text renders as it is.
  return isAnyTagRead ? root : null;
}

function literalRanges(line: string): [number, number][] {
  return [...line.matchAll(LITERAL)].map((m) => [m.index, m.index + m[0].length]);
}
