import { describe, expect, it } from 'vitest';
import { rankPassages, splitPassages, tokenize } from './passages.js';

const para = (word: string, chars: number) =>
  `${word} `
    .repeat(Math.ceil(chars / (word.length + 1)))
    .trim()
    .slice(0, chars);

describe('splitPassages', () => {
  it('joins short paragraphs until the minimum and keeps paragraph breaks', () => {
    const text = [para('alpha', 200), para('beta', 200), para('gamma', 200), para('delta', 200)].join('\n\n');
    const passages = splitPassages(text, { minChars: 500, maxChars: 1000 });
    expect(passages).toHaveLength(2);
    expect(passages[0]).toBe(`${para('alpha', 200)}\n\n${para('beta', 200)}\n\n${para('gamma', 200)}`);
    expect(passages[1]).toBe(para('delta', 200));
  });

  it('never exceeds the maximum, cutting a long paragraph at sentence ends', () => {
    const sentence = 'This sentence talks about web search and its passages. ';
    const text = `${sentence.repeat(60)}\n\nA short closing paragraph.`;
    const passages = splitPassages(text, { minChars: 500, maxChars: 1000 });
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(1000);
    expect(passages.slice(0, -1).every((p) => p.endsWith('.'))).toBe(true);
    expect(passages.join(' ').replace(/\s+/g, ' ')).toBe(
      `${sentence.repeat(60)}A short closing paragraph.`.replace(/\s+/g, ' ').trim(),
    );
  });

  it('cuts a paragraph without sentence ends at spaces, and a single endless word hard', () => {
    const words = splitPassages('word '.repeat(500), { minChars: 10, maxChars: 100 });
    expect(words.every((p) => p.length <= 100 && !p.startsWith(' ') && /^(word ?)+$/.test(p))).toBe(true);
    const blob = splitPassages('x'.repeat(250), { minChars: 10, maxChars: 100 });
    expect(blob.map((p) => p.length)).toEqual([100, 100, 50]);
  });

  it('drops empty paragraphs and whitespace-only text', () => {
    expect(splitPassages('  \n\n \n\n')).toEqual([]);
    expect(splitPassages('one\n\n\n\n  two  ', { minChars: 1, maxChars: 100 })).toEqual(['one', 'two']);
  });
});

describe('rankPassages (BM25)', () => {
  const passages = [
    { sourceIndex: 1, text: 'Cats sleep most of the day and hunt at night.' },
    { sourceIndex: 2, text: 'The boiling point of water at sea level is 100 degrees Celsius.' },
    { sourceIndex: 3, text: 'Water boils at a lower temperature at high altitude; the boiling point drops.' },
    { sourceIndex: 4, text: 'Unrelated text about gardening tools.' },
  ];

  it('ranks passages by the query terms and leaves out those sharing none', () => {
    const ranked = rankPassages('boiling point of water', passages, 10);
    expect(ranked.map((p) => p.sourceIndex).sort()).toEqual([1, 2, 3].sort());
    expect(ranked[0]!.sourceIndex).toBe(2);
    expect(ranked.at(-1)!.sourceIndex).toBe(1); // only "of"
    expect(ranked.every((p, i) => i === 0 || ranked[i - 1]!.score >= p.score)).toBe(true);
  });

  it('weighs a rare term above a common one', () => {
    const docs = [
      { sourceIndex: 1, text: 'common common rare' },
      { sourceIndex: 2, text: 'common common common' },
      { sourceIndex: 3, text: 'common words only' },
    ];
    expect(rankPassages('common rare', docs, 1)[0]!.sourceIndex).toBe(1);
  });

  it('prefers the shorter passage for the same term count (length normalisation)', () => {
    const docs = [
      { sourceIndex: 1, text: `rust ${'filler '.repeat(80)}` },
      { sourceIndex: 2, text: 'rust is a language' },
    ];
    expect(rankPassages('rust', docs, 2).map((p) => p.sourceIndex)).toEqual([2, 1]);
  });

  it('keeps only the top N, ties in input order, and is case and punctuation blind', () => {
    const docs = [1, 2, 3].map((i) => ({ sourceIndex: i, text: 'Same TEXT, here.' }));
    expect(rankPassages('same text', docs, 2).map((p) => p.sourceIndex)).toEqual([1, 2]);
    expect(rankPassages('', docs, 2)).toEqual([]);
    expect(rankPassages('same', docs, 0)).toEqual([]);
  });

  it('tokenizes letters and digits of any script', () => {
    expect(tokenize('Über 3 Häuser — naïve café!')).toEqual(['über', '3', 'häuser', 'naïve', 'café']);
  });
});
