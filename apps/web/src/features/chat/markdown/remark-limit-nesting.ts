import type { MdastNode } from './mdast-node';

/**
 * Deepest mdast nesting rendered as structure (root = 0): 24 levels are some 11 nested lists or 23
 * nested quotes, more than half the message column. Real replies never come close.
 */
export const MAX_MARKDOWN_DEPTH = 24;

/** Nodes whose children are blocks: past the limit they hold one paragraph of their text. */
const FLOW_CONTAINERS = new Set(['blockquote', 'listItem', 'footnoteDefinition']);
/** Nodes whose children must stay containers of their own (list → listItem, table → row → cell). */
const PASS_THROUGH = new Set(['list', 'table', 'tableRow']);

/**
 * A remark plugin that flattens markdown nested deeper than `MAX_MARKDOWN_DEPTH`: the deeper part
 * is kept as its plain text. A reply of `- - - - …` or `> > > …` a thousand levels deep otherwise
 * overflows the stack of the recursive mdast→hast→React steps (the page crashes) or pushes its text
 * thousands of pixels to the right. Walks without recursion, for the same reason.
 */
export function remarkLimitNesting() {
  return (tree: MdastNode) => {
    const stack: { node: MdastNode; depth: number }[] = [{ node: tree, depth: 0 }];
    for (let item = stack.pop(); item; item = stack.pop()) {
      const { node, depth } = item;
      if (!node.children) continue;
      if (depth >= MAX_MARKDOWN_DEPTH && !PASS_THROUGH.has(node.type)) {
        const text: MdastNode = { type: 'text', value: plainText(node) };
        node.children = FLOW_CONTAINERS.has(node.type) ? [{ type: 'paragraph', children: [text] }] : [text];
        continue;
      }
      for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
    }
  };
}

/** The text inside a node, blocks separated by a space, without recursion. */
function plainText(node: MdastNode): string {
  const parts: string[] = [];
  const stack: MdastNode[] = [node];
  for (let current = stack.pop(); current; current = stack.pop()) {
    if (typeof current.value === 'string' && current.type !== 'html') parts.push(current.value);
    else if (current.type === 'break') parts.push(' ');
    for (const child of [...(current.children ?? [])].reverse()) stack.push(child);
    if (current.type === 'paragraph' || current.type === 'heading') parts.push(' ');
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** One list or quote marker opening a line or following another: `- `, `* `, `1. `, `2) `, `>`. */
const MARKER = String.raw`[ \t]{0,3}(?:>[ \t]?|(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))`;
const DEEP_PREFIX = new RegExp(`^(?:${MARKER}){${MAX_MARKDOWN_DEPTH + 1},}`, 'gm');
const FIRST_MARKERS = new RegExp(`^(?:${MARKER}){${MAX_MARKDOWN_DEPTH}}[ \\t]{0,3}`);

/**
 * Before parsing: a line opening more than `MAX_MARKDOWN_DEPTH` lists or quotes (`- - - - …`) has
 * the marker past the limit escaped, so the rest reads as text. The parser takes time quadratic in
 * such nesting (5,000 levels, 10,000 characters: 5 s of a frozen tab) before the tree can be cut.
 */
export function escapeDeepPrefixes(source: string): string {
  if (!DEEP_PREFIX.test(source)) return source;
  DEEP_PREFIX.lastIndex = 0;
  return source.replace(DEEP_PREFIX, (prefix) => {
    const kept = FIRST_MARKERS.exec(prefix)?.[0] ?? '';
    const rest = prefix.slice(kept.length);
    const digits = /^\d*/.exec(rest)?.[0] ?? '';
    return `${kept}${digits}\\${rest.slice(digits.length)}`;
  });
}
