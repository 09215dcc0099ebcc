import { describe, expect, it } from 'vitest';
import { formatLongUsDate } from './format-date';

describe('formatLongUsDate', () => {
  it('writes month, day, year', () => {
    expect(formatLongUsDate('2026-03-05T12:00:00.000Z', 'UTC')).toBe('March 5, 2026');
  });

  it('returns null for nothing or garbage', () => {
    expect(formatLongUsDate(undefined)).toBeNull();
    expect(formatLongUsDate('soon')).toBeNull();
  });
});
