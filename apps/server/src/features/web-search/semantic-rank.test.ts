import { describe, expect, it } from 'vitest';
import { runWebSearch } from './run-web-search.js';
import { interleaveBySource, rankByMeaning, type EmbedTexts } from './semantic-rank.js';
import type { SearchProvider } from './web-search-types.js';

/** A toy model that knows "car" and "automobile" mean the same: one axis per meaning. */
const MEANINGS: Record<string, number> = { car: 0, automobile: 0, prices: 1, costs: 1, weather: 2, rain: 2 };
const toyEmbed: EmbedTexts = (texts) =>
  Promise.resolve(
    texts.map((text) => {
      const vector = [0, 0, 0, 0.01];
      for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
        const axis = MEANINGS[word];
        if (axis !== undefined) vector[axis] = (vector[axis] ?? 0) + 1;
      }
      return vector;
    }),
  );
const signal = new AbortController().signal;

describe('rankByMeaning', () => {
  it('ranks a passage that answers in other words first, where BM25 finds no shared word', async () => {
    const pool = [
      { sourceIndex: 1, text: 'Tomorrow brings rain and colder weather.' },
      { sourceIndex: 2, text: 'Car costs rose by a tenth this year.' },
    ];
    const ranked = await rankByMeaning('automobile prices', pool, 1, toyEmbed, signal);
    expect(ranked).toEqual([pool[1]]);
  });

  it('answers undefined when the model fails, so the caller ranks lexically; an abort is rethrown', async () => {
    const failing: EmbedTexts = () => Promise.reject(new Error('model down'));
    expect(await rankByMeaning('q', [{ sourceIndex: 1, text: 'x' }], 3, failing, signal)).toBeUndefined();
    const stopped = new AbortController();
    stopped.abort(new Error('stopped'));
    await expect(rankByMeaning('q', [{ sourceIndex: 1, text: 'x' }], 3, failing, stopped.signal)).rejects.toThrow(
      'stopped',
    );
  });

  it('takes every source in turn under the cap, so one long page does not crowd the others out', () => {
    const pool = [1, 1, 1, 2, 3].map((sourceIndex, i) => ({ sourceIndex, text: `p${i}` }));
    expect(interleaveBySource(pool, 4).map((p) => p.text)).toEqual(['p0', 'p3', 'p4', 'p1']);
  });
});

describe('runWebSearch with an embedding model', () => {
  const provider: SearchProvider = {
    name: 'searxng',
    search: () =>
      Promise.resolve([
        { title: 'Forecast', url: 'https://weather.example/today', snippet: '' },
        { title: 'Market', url: 'https://market.example/cars', snippet: '' },
      ]),
  };
  const pages: Record<string, string> = {
    'https://weather.example/today': 'Tomorrow brings rain and colder weather across the region.',
    'https://market.example/cars': 'Car costs rose by a tenth this year, dealers say.',
  };
  const readPage = (url: string) =>
    Promise.resolve({ ok: true as const, finalUrl: url, title: undefined, text: pages[url] ?? '', truncated: false });

  it('gives the model the passage closest in meaning first; lexical ranking keeps source order here', async () => {
    const settings = { topPassages: 1 };
    const semantic = await runWebSearch('automobile prices', settings, {
      provider,
      readPage,
      reranker: 'semantic',
      embed: toyEmbed,
    });
    expect(semantic.passages[0]?.sourceIndex).toBe(2);
    // Without a model, no passage shares a word with the query: each source's opening, in order.
    const lexical = await runWebSearch('automobile prices', settings, { provider, readPage, reranker: 'semantic' });
    expect(lexical.passages[0]?.sourceIndex).toBe(1);
  });
});
