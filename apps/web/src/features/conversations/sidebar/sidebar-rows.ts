import type { Conversation, SidebarGroup } from '@confab/shared';

/** One row of the virtualised sidebar: a group header or a conversation. */
export type SidebarRow =
  | { type: 'header'; key: string; group: Omit<SidebarGroup<Conversation>, 'items'>; isFirst: boolean }
  | { type: 'conversation'; key: string; conversation: Conversation };

/** SPEC 9: a conversation row is 34 px, 44 px on small screens (bigger touch targets). */
export const ROW_HEIGHT = { desktop: 34, small: 44 } as const;
/** A header carries space above it to separate groups; the first one needs less. */
export const HEADER_HEIGHT = { first: 30, other: 40 } as const;
/** SPEC 9: load more when within 8 rows of the end… */
export const LOAD_MORE_WITHIN_ROWS = 8;
/** …or at 97 % of the scroll height. */
export const LOAD_MORE_SCROLL_RATIO = 0.97;
export const LOAD_MORE_ROWS_THROTTLE_MS = 300;
export const LOAD_MORE_SCROLL_THROTTLE_MS = 750;

export function flattenGroups(groups: readonly SidebarGroup<Conversation>[]): SidebarRow[] {
  const rows: SidebarRow[] = [];
  groups.forEach(({ items, ...group }, index) => {
    rows.push({ type: 'header', key: `h:${group.key}`, group, isFirst: index === 0 });
    for (const conversation of items)
      rows.push({ type: 'conversation', key: conversation.conversationId, conversation });
  });
  return rows;
}

export function rowHeight(row: SidebarRow | undefined, isSmall: boolean): number {
  if (!row) return ROW_HEIGHT.desktop;
  if (row.type === 'header') return row.isFirst ? HEADER_HEIGHT.first : HEADER_HEIGHT.other;
  return isSmall ? ROW_HEIGHT.small : ROW_HEIGHT.desktop;
}

/** Whether the list should ask for the next page, given the last rendered row or the scroll position. */
export function isNearEnd({
  lastRenderedIndex,
  rowCount,
  scrollTop,
  clientHeight,
  scrollHeight,
}: {
  lastRenderedIndex: number;
  rowCount: number;
  scrollTop?: number;
  clientHeight?: number;
  scrollHeight?: number;
}): { byRows: boolean; byScroll: boolean } {
  const byRows = rowCount > 0 && lastRenderedIndex >= rowCount - 1 - LOAD_MORE_WITHIN_ROWS;
  const byScroll =
    scrollHeight !== undefined &&
    scrollHeight > 0 &&
    ((scrollTop ?? 0) + (clientHeight ?? 0)) / scrollHeight >= LOAD_MORE_SCROLL_RATIO;
  return { byRows, byScroll };
}

/**
 * A function that runs at most once per `ms`: at once when it may, else once at the end of
 * the interval (so the last call is never lost). `cancel` drops a pending trailing call.
 */
export function throttle(
  fn: () => void,
  ms: number,
  clock: {
    now(): number;
    setTimeout(cb: () => void, ms: number): unknown;
    clearTimeout(id: unknown): void;
  } = defaultClock,
): { run(): void; cancel(): void } {
  let last = -Infinity;
  let pending: unknown = null;
  const fire = () => {
    pending = null;
    last = clock.now();
    fn();
  };
  return {
    run() {
      const wait = last + ms - clock.now();
      if (wait <= 0) fire();
      else if (pending === null) pending = clock.setTimeout(fire, wait);
    },
    cancel() {
      if (pending !== null) clock.clearTimeout(pending);
      pending = null;
    },
  };
}

const defaultClock = {
  now: () => Date.now(),
  setTimeout: (cb: () => void, ms: number): unknown => setTimeout(cb, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
