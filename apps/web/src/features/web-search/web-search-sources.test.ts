import type { ReplyAttachment, WebSearchAttachment } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { queryOfArgs } from './web-search-call';
import { citationSourcesOf, safeSourceUrl, siteOf, sourcesOf } from './web-search-sources';

const source = (index: number, link = `https://www.site${index}.example/page`) => ({
  index,
  title: `Page ${index}`,
  link,
  attribution: '',
  snippet: '',
  read: true,
});

const search = (turn: number, indexes: number[]): WebSearchAttachment => ({
  type: 'web_search',
  messageId: 'm',
  toolCallId: `call_${turn}`,
  conversationId: 'c',
  web_search: { turn, query: 'q', organic: indexes.map((index) => source(index)), errors: [] },
});

describe('a reply’s web sources', () => {
  it('are every search’s results by number, files and memories aside', () => {
    const file = {
      type: 'image/png',
      file_id: 'f',
      filename: 'a.png',
      filepath: '/a.png',
    } as unknown as ReplyAttachment;
    const sources = sourcesOf([search(1, [4, 3]), file, search(0, [1, 2]), search(2, [2])]);
    expect(sources.map((s) => s.index)).toEqual([1, 2, 3, 4]);
    expect(citationSourcesOf(sources)?.get(3)?.title).toBe('Page 3');
    expect(citationSourcesOf([])).toBeNull();
    expect(sourcesOf(undefined)).toEqual([]);
  });

  it('name their site, and open only http(s) pages', () => {
    expect(siteOf(source(1))).toBe('site1.example');
    expect(siteOf({ ...source(1), attribution: 'docs.rs' })).toBe('docs.rs');
    expect(safeSourceUrl('javascript:alert(1)')).toBeNull();
    expect(safeSourceUrl('http://127.0.0.1:4000/a')).toBe('http://127.0.0.1:4000/a');
  });

  it('show the query a call searched, while its arguments stream too', () => {
    expect(queryOfArgs('{"query":"rust \\"async\\""}')).toBe('rust "async"');
    expect(queryOfArgs('{"query":"half wri')).toBe('half wri');
    expect(queryOfArgs('')).toBe('');
  });
});
