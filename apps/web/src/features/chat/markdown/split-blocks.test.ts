import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks } from './split-blocks';

describe('splitMarkdownBlocks', () => {
  it('splits at blank lines before text at the margin, and joins back to the whole', () => {
    const text = '# Title\n\nA paragraph\nwith two lines.\n\n> a quote\n\nLast';
    const blocks = splitMarkdownBlocks(text);
    expect(blocks).toEqual(['# Title\n\n', 'A paragraph\nwith two lines.\n\n', '> a quote\n\n', 'Last']);
    expect(blocks.join('')).toBe(text);
  });

  it('keeps code fences (blank lines and all), display math and loose lists whole', () => {
    const code = '```py\ndef f():\n\n    return 1\n```\n\nAfter';
    expect(splitMarkdownBlocks(code)).toEqual(['```py\ndef f():\n\n    return 1\n```\n\n', 'After']);
    const unclosed = 'Intro\n\n```\nstill\n\nstreaming';
    expect(splitMarkdownBlocks(unclosed)).toEqual(['Intro\n\n', '```\nstill\n\nstreaming']);
    const math = '$$\na\n\nb\n$$\n\nAfter';
    expect(splitMarkdownBlocks(math)).toEqual(['$$\na\n\nb\n$$\n\n', 'After']);
    const list = '1. one\n\n2. two\n\n   more of two\n\n- other\n\nAfter';
    expect(splitMarkdownBlocks(list)).toEqual(['1. one\n\n2. two\n\n   more of two\n\n- other\n\n', 'After']);
  });

  it('leaves texts with link references or footnotes whole', () => {
    expect(splitMarkdownBlocks('See [docs][d].\n\n[d]: https://example.com')).toHaveLength(1);
    expect(splitMarkdownBlocks('A claim[^1].\n\nMore.\n\n[^1]: Source.')).toHaveLength(1);
  });
});
