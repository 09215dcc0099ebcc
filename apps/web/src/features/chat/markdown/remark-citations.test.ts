import type { Element, Root } from 'hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { citationIndexes, remarkCitations, splitCitations } from './remark-citations';

/** The citation marks the model renderer's tree holds, as [data-citation, text]. */
function marksOf(markdown: string): [string, string][] {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkCitations).use(remarkRehype);
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  const marks: [string, string][] = [];
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'sup' && node.properties.dataCitation !== undefined) {
      const text = node.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
      marks.push([String(node.properties.dataCitation), text]);
    }
  });
  return marks;
}

describe('citation marks in model output', () => {
  it('split a text into runs and marks, one mark per bracket', () => {
    expect(splitCitations('Rust is fast [1][2], safe [1, 3].')).toEqual([
      { type: 'text', value: 'Rust is fast ' },
      { type: 'citation', indexes: [1], raw: '[1]' },
      { type: 'citation', indexes: [2], raw: '[2]' },
      { type: 'text', value: ', safe ' },
      { type: 'citation', indexes: [1, 3], raw: '[1, 3]' },
      { type: 'text', value: '.' },
    ]);
    expect(splitCitations('no marks [a] [] [1a] [-1]')).toEqual([{ type: 'text', value: 'no marks [a] [] [1a] [-1]' }]);
  });

  it('become sup elements carrying their numbers and the characters as typed', () => {
    expect(marksOf('Fast [1][2] and *safe [1,3]*.')).toEqual([
      ['1', '[1]'],
      ['2', '[2]'],
      ['1,3', '[1,3]'],
    ]);
  });

  it('are left alone in code, in links and in footnotes', () => {
    expect(marksOf('`arr[1]` and\n\n```\nx[2]\n```')).toEqual([]);
    expect(marksOf('[see [1]](https://example.com) and [3](https://example.com)')).toEqual([]);
    expect(marksOf('A note[^1].\n\n[^1]: The note.')).toEqual([]);
  });

  it('are read back from data-citation, and any other sup is not one', () => {
    expect(citationIndexes('1,3')).toEqual([1, 3]);
    expect(citationIndexes('2')).toEqual([2]);
    expect(citationIndexes(undefined)).toBeNull();
    expect(citationIndexes('x')).toBeNull();
  });
});
