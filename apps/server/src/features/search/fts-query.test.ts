import { describe, expect, it } from 'vitest';
import { extractSearchTerms, MAX_SEARCH_TERMS, MAX_TERM_CHARS, toFts5Query, toTsQuery } from './fts-query.js';

describe('extractSearchTerms', () => {
  it('keeps plain words, lower-cased and de-duplicated', () => {
    expect(extractSearchTerms('Hello  hello WORLD')).toEqual(['hello', 'world']);
  });

  it('turns query syntax of both engines into separators', () => {
    expect(extractSearchTerms('"quoted" * NEAR(a b) col:value -not ^start (x OR y) \'single\' a&b|c!d <->')).toEqual([
      'quoted', 'near', 'a', 'b', 'col', 'value', 'not', 'start', 'x', 'or', 'y', 'single', 'c', 'd',
    ]);
  });

  it('returns nothing for a query of symbols only', () => {
    expect(extractSearchTerms('*** "" () :: -- \u0301')).toEqual([]);
  });

  it('keeps unicode letters, digits and combining marks', () => {
    expect(extractSearchTerms('Café naïve 東京 Привет ٣٤ देवनागरी')).toEqual(['café', 'naïve', '東京', 'привет', '٣٤', 'देवनागरी']);
  });

  it('bounds the number of terms and their length', () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(extractSearchTerms(many)).toHaveLength(MAX_SEARCH_TERMS);
    expect(extractSearchTerms('x'.repeat(10_000))[0]).toHaveLength(MAX_TERM_CHARS);
  });
});

describe('engine query text', () => {
  it('quotes every term as a required prefix for FTS5', () => {
    expect(toFts5Query(['near', 'café'])).toBe('"near"* AND "café"*');
  });

  it('quotes every term as a required prefix lexeme for tsquery', () => {
    expect(toTsQuery(['and', 'b'])).toBe("'and':* & 'b':*");
  });
});
