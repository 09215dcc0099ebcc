/**
 * Sidebar grouping (SPEC 2, Sidebar): conversations by their last update, in the order Today,
 * Yesterday, Previous 7 days, Previous 30 days, then one group per month of the current year,
 * then one group per older year. Groups are newest first, conversations inside a group by
 * updatedAt descending, and a conversation listed twice (two cached pages that overlap after
 * an update) appears once, in its newest version.
 *
 * Day boundaries are local midnights of `now`'s time zone: "Yesterday" is the calendar day
 * before today, not "24 hours ago".
 */

export type SidebarGroupKind = 'today' | 'yesterday' | 'previous7Days' | 'previous30Days' | 'month' | 'year';

export interface SidebarGroup<T> {
  /** Stable and unique: `today`, `yesterday`, `previous7Days`, `previous30Days`, `month-2026-03`, `year-2024`. */
  key: string;
  kind: SidebarGroupKind;
  /** Full year of a `month` or `year` group. */
  year?: number;
  /** 0-11, for a `month` group. */
  month?: number;
  items: T[];
}

export interface GroupableConversation {
  conversationId: string;
  updatedAt: string;
}

const RELATIVE_ORDER: Record<'today' | 'yesterday' | 'previous7Days' | 'previous30Days', number> = {
  today: 0,
  yesterday: 1,
  previous7Days: 2,
  previous30Days: 3,
};

/** Local midnight of the day `days` before `date`'s day (DST-safe: built from calendar fields). */
function startOfDayMinus(date: Date, days: number): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - days).getTime();
}

function timeOf(iso: string): number {
  const t = Date.parse(iso);
  // An unreadable date sorts last rather than disappearing.
  return Number.isNaN(t) ? 0 : t;
}

/** Which group a moment belongs to, seen from `now`. Exported for the boundary tests. */
export function sidebarGroupOf(updatedAt: number, now: Date): Omit<SidebarGroup<never>, 'items'> {
  // Clock skew can put an update slightly in the future: that is still "today".
  if (updatedAt >= startOfDayMinus(now, 0)) return { key: 'today', kind: 'today' };
  if (updatedAt >= startOfDayMinus(now, 1)) return { key: 'yesterday', kind: 'yesterday' };
  if (updatedAt >= startOfDayMinus(now, 7)) return { key: 'previous7Days', kind: 'previous7Days' };
  if (updatedAt >= startOfDayMinus(now, 30)) return { key: 'previous30Days', kind: 'previous30Days' };
  const date = new Date(updatedAt);
  const year = date.getFullYear();
  if (year === now.getFullYear()) {
    const month = date.getMonth();
    return { key: `month-${year}-${String(month + 1).padStart(2, '0')}`, kind: 'month', year, month };
  }
  return { key: `year-${year}`, kind: 'year', year };
}

/** Sort rank of a group: smaller is newer. */
function rankOf(group: Omit<SidebarGroup<never>, 'items'>): number {
  switch (group.kind) {
    case 'month':
      // After the four relative groups; a later month is newer.
      return 10 + (11 - (group.month ?? 0));
    case 'year':
      return 100 + (10_000 - (group.year ?? 0));
    default:
      return RELATIVE_ORDER[group.kind];
  }
}

/**
 * Groups conversations for the sidebar.
 * @param now the moment "today" is measured from (default: the current time)
 * @example groupConversationsByDate(pages.flatMap((p) => p.conversations))
 */
export function groupConversationsByDate<T extends GroupableConversation>(
  conversations: readonly T[],
  now: Date = new Date(),
): SidebarGroup<T>[] {
  const newest = new Map<string, { item: T; time: number }>();
  for (const item of conversations) {
    const time = timeOf(item.updatedAt);
    const seen = newest.get(item.conversationId);
    if (!seen || time > seen.time) newest.set(item.conversationId, { item, time });
  }
  const sorted = [...newest.values()].sort(
    (a, b) => b.time - a.time || b.item.conversationId.localeCompare(a.item.conversationId),
  );

  const groups = new Map<string, SidebarGroup<T> & { rank: number }>();
  for (const { item, time } of sorted) {
    const meta = sidebarGroupOf(time, now);
    let group = groups.get(meta.key);
    if (!group) {
      group = { ...meta, items: [], rank: rankOf(meta) };
      groups.set(meta.key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()].sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...group }) => group);
}
