import { describe, expect, it } from 'vitest';
import { isDrawerEscape } from './drawer-escape';

/** A stand-in element: `closest` matches when the element sits inside the given layer. */
const elementIn = (layer: string | null) =>
  ({ closest: (selector: string) => (layer && selector.includes(`[role="${layer}"]`) ? {} : null) }) as unknown as EventTarget;

const key = (overrides: Partial<Parameters<typeof isDrawerEscape>[0]> = {}) => ({
  key: 'Escape',
  defaultPrevented: false,
  isComposing: false,
  target: elementIn(null),
  ...overrides,
});

describe('isDrawerEscape', () => {
  it('closes the drawer on a plain Escape', () => {
    expect(isDrawerEscape(key())).toBe(true);
    expect(isDrawerEscape(key({ target: null }))).toBe(true);
  });

  it('ignores other keys', () => {
    expect(isDrawerEscape(key({ key: 'Enter' }))).toBe(false);
  });

  it('ignores an Escape a dialog or menu already handled', () => {
    expect(isDrawerEscape(key({ defaultPrevented: true }))).toBe(false);
  });

  it('ignores an Escape from inside an open dialog, alert dialog, menu or listbox', () => {
    for (const layer of ['dialog', 'alertdialog', 'menu', 'listbox']) {
      expect(isDrawerEscape(key({ target: elementIn(layer) }))).toBe(false);
    }
  });

  it('ignores the Escape that cancels an IME composition', () => {
    expect(isDrawerEscape(key({ isComposing: true }))).toBe(false);
  });
});
