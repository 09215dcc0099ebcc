import type { Element, Root } from 'hast';
import { SKIP, visit } from 'unist-util-visit';

function isMathCode(node: Element | undefined): node is Element {
  const classes = node?.properties.className;
  return node?.tagName === 'code' && Array.isArray(classes) && classes.includes('language-math');
}

/**
 * Math while KaTeX loads (markdown-extras.ts): remark-math leaves each formula as code marked
 * `language-math`, which would show as inline code, or as a code block with a header, and reflow
 * when KaTeX arrives. This turns it into its source set in KaTeX's size and face, in a box of
 * about the typeset formula's size (markdown.css, `.math-pending`). After rehype-katex it finds
 * nothing left to do.
 */
export function rehypeMathPlaceholder() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const code =
        node.tagName === 'pre' ? node.children.find((child): child is Element => child.type === 'element') : node;
      if (!isMathCode(code)) return undefined;
      const isDisplay = node.tagName === 'pre';
      node.tagName = isDisplay ? 'div' : 'span';
      node.properties = { className: isDisplay ? ['math-pending', 'math-pending-display'] : ['math-pending'] };
      node.children = code.children;
      return SKIP;
    });
  };
}
