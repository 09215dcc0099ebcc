import { describe, expect, it } from 'vitest';
import { groupByConversation, highlightSegments, searchTerms, snippetAround } from './highlight';

describe('searchTerms', () => {
  it('splits words, keeps quoted phrases, drops duplicates, longest first', () => {
    expect(searchTerms('cat  "black dog" Cat cats')).toEqual(['black dog', 'cats', 'cat']);
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms('+required -excluded prefix*')).toEqual(['required', 'excluded', 'prefix']);
  });
});

describe('highlightSegments', () => {
  it('marks every match, case-insensitively', () => {
    expect(highlightSegments('The Cat and the cat', ['cat'])).toEqual([
      { text: 'The ', isMatch: false },
      { text: 'Cat', isMatch: true },
      { text: ' and the ', isMatch: false },
      { text: 'cat', isMatch: true },
    ]);
  });

  it('prefers the longer term and escapes regular-expression characters', () => {
    expect(highlightSegments('cats (and) c++', ['cat', 'cats', 'c++'])).toEqual([
      { text: 'cats', isMatch: true },
      { text: ' (and) ', isMatch: false },
      { text: 'c++', isMatch: true },
    ]);
  });

  it('returns the text as it is without terms', () => {
    expect(highlightSegments('hello', [])).toEqual([{ text: 'hello', isMatch: false }]);
    expect(highlightSegments('', ['x'])).toEqual([]);
  });
});

describe('snippetAround', () => {
  const long = `${'alpha '.repeat(60)}needle ${'omega '.repeat(60)}`;

  it('keeps short text whole, with whitespace collapsed', () => {
    expect(snippetAround('a\n\n b', ['a'])).toBe('a b');
  });

  it('centres a long text on the first match, with ellipses', () => {
    const snippet = snippetAround(long, ['needle'], 80);
    expect(snippet).toContain('needle');
    expect(snippet.startsWith('… ')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(80 + 4);
    expect(snippet).toMatch(/^… (alpha|needle)/); // starts at a word boundary
  });

  it('starts at the beginning when the match is early', () => {
    const snippet = snippetAround(`needle ${'word '.repeat(100)}`, ['needle'], 50);
    expect(snippet.startsWith('needle')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
  });
});

describe('groupByConversation', () => {
  it('groups in order of first appearance and drops repeated messages', () => {
    const m = (c: string, id: string) => ({ conversationId: c, messageId: id });
    expect(groupByConversation([m('a', '1'), m('b', '2'), m('a', '3'), m('a', '1')])).toEqual([
      { conversationId: 'a', messages: [m('a', '1'), m('a', '3')] },
      { conversationId: 'b', messages: [m('b', '2')] },
    ]);
  });
});
