import type { MdastNode } from './mdast-node';

/** `[1]`, `[1, 2]` or `[1,2,3]`: how the web_search tool tells the model to cite (issue 41). */
const CITATION = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

export type CitationPiece = { type: 'text'; value: string } | { type: 'citation'; indexes: number[]; raw: string };

/** A text split into plain runs and citation marks (`[1][2]` gives two marks). */
export function splitCitations(text: string): CitationPiece[] {
  const pieces: CitationPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    const start = match.index;
    if (start > last) pieces.push({ type: 'text', value: text.slice(last, start) });
    const indexes = (match[1] ?? '').split(',').map((n) => Number(n.trim()));
    pieces.push({ type: 'citation', indexes, raw: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push({ type: 'text', value: text.slice(last) });
  return pieces;
}

/** Where a `[n]` is the text's own: a link's words (the mark would nest a link in a link). */
const KEEP_AS_TYPED = new Set(['link', 'linkReference']);

interface CitationNode extends MdastNode {
  data: { hName: string; hProperties: Record<string, string>; hChildren: { type: 'text'; value: string }[] };
}

/**
 * A remark plugin for model output: each `[n]` in plain text becomes `<sup data-citation="n">[n]</sup>`,
 * whatever the reply's sources. The markdown `sup` component then shows a chip where the reply has
 * a source n and the characters as typed where it has none, so a rendered tree (kept by text in
 * markdown.tsx's cache) does not depend on the sources. Code (inline or fenced) is not text here,
 * and a link's words are left alone.
 */
export function remarkCitations() {
  return (tree: MdastNode) => {
    const walk = (node: MdastNode) => {
      if (!node.children || KEEP_AS_TYPED.has(node.type)) return;
      node.children = node.children.flatMap((child): MdastNode[] => {
        if (child.type !== 'text' || !child.value?.includes('[')) {
          walk(child);
          return [child];
        }
        const pieces = splitCitations(child.value);
        if (!pieces.some((piece) => piece.type === 'citation')) return [child];
        return pieces.map((piece): MdastNode | CitationNode =>
          piece.type === 'text'
            ? { type: 'text', value: piece.value }
            : {
                type: 'citation',
                data: {
                  hName: 'sup',
                  hProperties: { dataCitation: piece.indexes.join(',') },
                  hChildren: [{ type: 'text', value: piece.raw }],
                },
              },
        );
      });
    };
    walk(tree);
  };
}

/** The indexes a citation mark names (from its `data-citation`), or null for any other `sup`. */
export function citationIndexes(value: unknown): number[] | null {
  if (typeof value !== 'string' || !/^\d+(,\d+)*$/.test(value)) return null;
  return value.split(',').map(Number);
}
