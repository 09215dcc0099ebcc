import { describe, expect, it } from 'vitest';
import { fromLocalInputValue, toLocalInputValue } from './local-date-time';

describe('datetime-local values', () => {
  it('round-trips an instant through the local value, to the minute', () => {
    const iso = new Date(2026, 4, 1, 9, 30).toISOString();
    expect(toLocalInputValue(iso)).toBe('2026-05-01T09:30');
    expect(fromLocalInputValue('2026-05-01T09:30')).toBe(iso);
  });

  it('reads an empty or broken value as none', () => {
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('soon')).toBeNull();
    expect(toLocalInputValue('not a date')).toBe('');
  });
});
