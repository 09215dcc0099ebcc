import { describe, expect, it } from 'vitest';
import { createToggleGate, isThemeToggleKey } from './theme-toggle-gate';

describe('createToggleGate', () => {
  it('ignores repeats and presses within the window', () => {
    const gate = createToggleGate(500);
    expect(gate(1000, false)).toBe(true);
    expect(gate(1200, false)).toBe(false);
    expect(gate(1300, true)).toBe(false);
    expect(gate(1501, false)).toBe(true);
  });
});

describe('isThemeToggleKey', () => {
  const base = { ctrlKey: true, shiftKey: true, altKey: false, metaKey: false, key: 'T', code: 'KeyT' };
  it('matches Ctrl+Shift+T only', () => {
    expect(isThemeToggleKey(base)).toBe(true);
    expect(isThemeToggleKey({ ...base, shiftKey: false, key: 't' })).toBe(false);
    expect(isThemeToggleKey({ ...base, altKey: true })).toBe(false);
    expect(isThemeToggleKey({ ...base, key: 'R', code: 'KeyR' })).toBe(false);
  });
});
