import type { ReactNode } from 'react';
import { create } from 'zustand';

/**
 * Where each control sits in the small-screen header's "⋯" menu. The hundreds are groups,
 * parted by a line: the chat's mode, the open conversation's actions, the side panels.
 */
export const HEADER_MENU_ORDER = {
  temporaryChat: 100,
  bookmarks: 200,
  export: 210,
  share: 220,
  sidePanel: 300,
} as const;

export interface HeaderMenuEntry {
  /** Place in the menu, lowest first; see HEADER_MENU_ORDER. */
  order: number;
  /** Menu items (DropdownMenuItem and the like); they render inside the menu. */
  node: ReactNode;
}

/** What the menu renders: the entries in order, each saying whether a line goes above it. */
export interface ArrangedHeaderMenuEntry {
  id: string;
  node: ReactNode;
  startsGroup: boolean;
}

interface HeaderMenuState {
  entries: Record<string, HeaderMenuEntry>;
}

/**
 * The "⋯" menu's items, put there by the features that own them (temporary chat, bookmarks,
 * share...). Not a DOM portal as HeaderSlot is: Radix menu items need the menu's React context,
 * which follows the React tree, so the menu itself must render them.
 */
export const useHeaderMenuStore = create<HeaderMenuState>(() => ({ entries: {} }));

export function setHeaderMenuEntry(id: string, entry: HeaderMenuEntry): void {
  useHeaderMenuStore.setState((s) => ({ entries: { ...s.entries, [id]: entry } }));
}

export function removeHeaderMenuEntry(id: string): void {
  useHeaderMenuStore.setState((s) => {
    if (!(id in s.entries)) return s;
    const { [id]: _removed, ...rest } = s.entries;
    return { entries: rest };
  });
}

/** The entries by order (ties keep the order they were added in), with a line between groups. */
export function arrangeHeaderMenu(entries: Record<string, HeaderMenuEntry>): ArrangedHeaderMenuEntry[] {
  const sorted = Object.entries(entries).sort(([, a], [, b]) => a.order - b.order);
  return sorted.map(([id, entry], index) => {
    const previous = sorted[index - 1]?.[1];
    const group = Math.floor(entry.order / 100);
    return { id, node: entry.node, startsGroup: !!previous && Math.floor(previous.order / 100) !== group };
  });
}
