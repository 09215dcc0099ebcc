import { describe, expect, it } from 'vitest';
import {
  arrangeHeaderMenu,
  HEADER_MENU_ORDER,
  removeHeaderMenuEntry,
  setHeaderMenuEntry,
  useHeaderMenuStore,
} from './header-menu-store';

describe('arrangeHeaderMenu', () => {
  it('orders the entries and draws a line where the group (the hundreds) changes', () => {
    const arranged = arrangeHeaderMenu({
      panel: { order: HEADER_MENU_ORDER.sidePanel, node: 'panel' },
      share: { order: HEADER_MENU_ORDER.share, node: 'share' },
      temporary: { order: HEADER_MENU_ORDER.temporaryChat, node: 'temporary' },
      bookmarks: { order: HEADER_MENU_ORDER.bookmarks, node: 'bookmarks' },
      export: { order: HEADER_MENU_ORDER.export, node: 'export' },
    });
    expect(arranged.map((e) => [e.id, e.startsGroup])).toEqual([
      ['temporary', false],
      ['bookmarks', true],
      ['export', false],
      ['share', false],
      ['panel', true],
    ]);
  });

  it('starts with no line when the first group is missing, and is empty with no entries', () => {
    const arranged = arrangeHeaderMenu({
      panel: { order: HEADER_MENU_ORDER.sidePanel, node: 'panel' },
      export: { order: HEADER_MENU_ORDER.export, node: 'export' },
    });
    expect(arranged.map((e) => [e.id, e.startsGroup])).toEqual([
      ['export', false],
      ['panel', true],
    ]);
    expect(arrangeHeaderMenu({})).toEqual([]);
  });
});

describe('the header menu store', () => {
  it('replaces an entry under the same id and forgets it when removed', () => {
    setHeaderMenuEntry('a', { order: 1, node: 'first' });
    setHeaderMenuEntry('a', { order: 1, node: 'second' });
    expect(useHeaderMenuStore.getState().entries).toEqual({ a: { order: 1, node: 'second' } });
    const before = useHeaderMenuStore.getState();
    removeHeaderMenuEntry('missing');
    expect(useHeaderMenuStore.getState()).toBe(before);
    removeHeaderMenuEntry('a');
    expect(useHeaderMenuStore.getState().entries).toEqual({});
  });
});
