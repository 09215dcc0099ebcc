import type { MemoryEntry } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { filterMemories } from './memory-search';

const entry = (key: string, value: string): MemoryEntry => ({
  key,
  value,
  tokenCount: 1,
  updated_at: '2026-01-01T00:00:00Z',
});
const list = [entry('favourite_colour', 'Teal'), entry('city', 'Lives in Lyon'), entry('pet', 'A cat called Teal')];

describe('filterMemories', () => {
  it('keeps every memory for a blank query', () => {
    expect(filterMemories(list, '  ')).toEqual(list);
  });

  it('matches keys and values, ignoring case', () => {
    expect(filterMemories(list, 'teal').map((m) => m.key)).toEqual(['favourite_colour', 'pet']);
    expect(filterMemories(list, 'CITY').map((m) => m.key)).toEqual(['city']);
  });

  it('wants every word, wherever it is', () => {
    expect(filterMemories(list, 'cat teal').map((m) => m.key)).toEqual(['pet']);
    expect(filterMemories(list, 'lyon teal')).toEqual([]);
  });
});
