import { describe, expect, it } from 'vitest';
import { fillWelcomeText, getGreetingPeriod } from './greeting.js';

describe('getGreetingPeriod', () => {
  it.each([
    [0, 'late_night'],
    [4, 'late_night'],
    [5, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [16, 'afternoon'],
    [17, 'evening'],
    [23, 'evening'],
  ] as const)('hour %i is %s', (hour, period) => {
    expect(getGreetingPeriod(new Date(2026, 0, 1, hour, 30))).toBe(period);
  });
});

describe('fillWelcomeText', () => {
  it('uses the name, or the fallback word when none', () => {
    expect(fillWelcomeText('Hi {{user}}!', 'Ada', 'there')).toBe('Hi Ada!');
    expect(fillWelcomeText('Hi {{user}}!', '  ', 'there')).toBe('Hi there!');
  });
});
