import { describe, expect, it } from 'vitest';
import { formatBalance, readTokenCredits } from './balance';

describe('readTokenCredits', () => {
  it('reads a bare number, a numeric string and { tokenCredits }', () => {
    expect(readTokenCredits(20000)).toBe(20000);
    expect(readTokenCredits('1234.5')).toBe(1234.5);
    expect(readTokenCredits({ tokenCredits: 42.125 })).toBe(42.125);
    expect(readTokenCredits({ tokenCredits: '7' })).toBe(7);
  });

  it('counts anything else as none', () => {
    for (const body of [undefined, null, '', 'abc', {}, { tokenCredits: null }, Number.NaN, [], true]) {
      expect(readTokenCredits(body)).toBe(0);
    }
  });
});

describe('formatBalance', () => {
  it('always shows two decimals', () => {
    expect(formatBalance(0, 'en-US')).toBe('0.00');
    expect(formatBalance(12.5, 'en-US')).toBe('12.50');
    expect(formatBalance(3.14159, 'en-US')).toBe('3.14');
    expect(formatBalance(20000, 'en-US')).toBe('20,000.00');
  });
});
