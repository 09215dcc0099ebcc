import { describe, expect, it } from 'vitest';
import { formatTableDate } from './format-table-date';

describe('formatTableDate', () => {
  it('writes a short date in the given language, and nothing for a missing or bad one', () => {
    expect(formatTableDate('2026-11-21T10:00:00Z', 'en-US')).toBe('Nov 21, 2026');
    expect(formatTableDate(undefined, 'en-US')).toBe('');
    expect(formatTableDate('not a date', 'en-US')).toBe('');
  });
});
