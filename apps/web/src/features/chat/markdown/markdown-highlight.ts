import type { Element, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import { common, createLowlight } from 'lowlight';
import { visit } from 'unist-util-visit';
import type { RehypePlugin } from './markdown-extras';

/**
 * One highlight.js for the page. rehype-highlight made a new one each time react-markdown built
 * its processor (every message row rendered, every delta of a streaming reply), and each new one
 * registered 37 grammars and compiled the used one again: 3 to 9 ms a time, the largest share of
 * the long tasks when scrolling a long chat (bench/README.md, Browser). Grammars compile once here.
 */
const lowlight = createLowlight(common);

/** `language-ts` (or `lang-ts`) on the code element; null when it names none. */
function languageOf(node: Element): string | null {
  const classes = node.properties.className;
  if (!Array.isArray(classes)) return null;
  for (const value of classes) {
    const match = /^lang(?:uage)?-(.+)$/.exec(String(value));
    if (match?.[1]) return match[1].toLowerCase();
  }
  return null;
}

/**
 * Colours fenced code whose language is named and known (no guessing: a guess costs a run of
 * every grammar, and guesses wrong on short snippets); other code stays plain text.
 */
function sharedHighlight() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
      const language = languageOf(node);
      if (!language || !lowlight.registered(language)) return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      if (!classes.includes('hljs')) node.properties.className = ['hljs', ...classes];
      const highlighted = lowlight.highlight(language, toText(node, { whitespace: 'pre' }));
      node.children = highlighted.children as Element['children'];
    });
  };
}

/** highlight.js: a chunk of its own, fetched for the first fenced code block. */
export const highlightPlugin: RehypePlugin = [sharedHighlight];

/**
 * Code outside markdown (an execute_code call's input) coloured by the same highlight.js: its
 * tree, or null when the language is not one it knows.
 */
export function highlightCode(language: string, code: string): Root | null {
  if (!language || !lowlight.registered(language)) return null;
  return lowlight.highlight(language, code);
}
