import { describe, expect, it } from 'vitest';
import { groupConversationsByDate, sidebarGroupOf } from './sidebar-groups.js';

// Local-time constructors keep every test independent of the machine's time zone.
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0) => new Date(y, mo - 1, d, h, mi, s, ms);
const NOW = at(2026, 3, 15, 14, 30); // Sunday 15 March 2026, 14:30 local

function keyOf(date: Date, now = NOW): string {
  return sidebarGroupOf(date.getTime(), now).key;
}

let counter = 0;
function convo(updatedAt: Date, id = `c${++counter}`) {
  return { conversationId: id, updatedAt: updatedAt.toISOString(), title: id };
}

describe('sidebarGroupOf: day boundaries at local midnight', () => {
  it('puts midnight today and later in Today, one millisecond before in Yesterday', () => {
    expect(keyOf(at(2026, 3, 15, 0, 0))).toBe('today');
    expect(keyOf(at(2026, 3, 15, 14, 29))).toBe('today');
    expect(keyOf(at(2026, 3, 14, 23, 59, 59, 999))).toBe('yesterday');
    expect(keyOf(at(2026, 3, 14, 0, 0))).toBe('yesterday');
  });

  it('treats a moment in the future (clock skew) as Today', () => {
    expect(keyOf(at(2026, 3, 16, 9))).toBe('today');
  });

  it('is a calendar day, not 24 hours: just after midnight, 23:59 is already yesterday', () => {
    const justAfterMidnight = at(2026, 3, 15, 0, 5);
    expect(keyOf(at(2026, 3, 14, 23, 59), justAfterMidnight)).toBe('yesterday');
    expect(keyOf(at(2026, 3, 15, 0, 1), justAfterMidnight)).toBe('today');
  });

  it('ends Previous 7 days at midnight seven days ago', () => {
    expect(keyOf(at(2026, 3, 13, 23, 59))).toBe('previous7Days');
    expect(keyOf(at(2026, 3, 8, 0, 0))).toBe('previous7Days');
    expect(keyOf(at(2026, 3, 7, 23, 59, 59, 999))).toBe('previous30Days');
  });

  it('ends Previous 30 days at midnight thirty days ago', () => {
    // 30 days before 15 March is 13 February.
    expect(keyOf(at(2026, 2, 13, 0, 0))).toBe('previous30Days');
    expect(keyOf(at(2026, 2, 12, 23, 59, 59, 999))).toBe('month-2026-02');
  });

  it('groups older moments of the current year by month', () => {
    expect(sidebarGroupOf(at(2026, 2, 1).getTime(), NOW)).toEqual({
      key: 'month-2026-02',
      kind: 'month',
      year: 2026,
      month: 1,
    });
    expect(keyOf(at(2026, 1, 31, 23, 59))).toBe('month-2026-01');
    expect(keyOf(at(2026, 1, 1, 0, 0))).toBe('month-2026-01');
  });

  it('groups moments before the current year by year', () => {
    expect(sidebarGroupOf(at(2025, 12, 31, 23, 59, 59, 999).getTime(), NOW)).toEqual({
      key: 'year-2025',
      kind: 'year',
      year: 2025,
    });
    expect(keyOf(at(2024, 6, 1))).toBe('year-2024');
  });

  it('lets the relative groups cross into the previous year early in January', () => {
    const jan3 = at(2026, 1, 3, 10);
    expect(keyOf(at(2026, 1, 2, 12), jan3)).toBe('yesterday');
    expect(keyOf(at(2025, 12, 28), jan3)).toBe('previous7Days');
    expect(keyOf(at(2025, 12, 5), jan3)).toBe('previous30Days');
    expect(keyOf(at(2025, 12, 3, 23, 59), jan3)).toBe('year-2025');
  });

  it('makes no month group when the 30 days cover the whole current year so far', () => {
    const feb1 = at(2026, 2, 1, 8);
    expect(keyOf(at(2026, 1, 2), feb1)).toBe('previous30Days');
    expect(keyOf(at(2026, 1, 1, 23), feb1)).toBe('month-2026-01');
    expect(keyOf(at(2025, 12, 31), feb1)).toBe('year-2025');
  });

  it('keeps calendar days across a daylight-saving change', () => {
    // Whatever the zone, local midnights are built from calendar fields, never by subtracting 24 h.
    const afterSpringForward = at(2026, 3, 30, 1, 0);
    expect(keyOf(at(2026, 3, 29, 0, 30), afterSpringForward)).toBe('yesterday');
    expect(keyOf(at(2026, 3, 30, 0, 0), afterSpringForward)).toBe('today');
  });
});

describe('groupConversationsByDate', () => {
  it('orders groups newest first and items by updatedAt descending', () => {
    const list = [
      convo(at(2024, 5, 1), 'y2024'),
      convo(at(2026, 3, 15, 9), 'today-9'),
      convo(at(2026, 1, 20), 'jan'),
      convo(at(2026, 3, 10), 'week'),
      convo(at(2025, 7, 1), 'y2025'),
      convo(at(2026, 3, 15, 13), 'today-13'),
      convo(at(2026, 3, 14, 8), 'yesterday'),
      convo(at(2026, 2, 20), 'month30'),
      convo(at(2026, 2, 2), 'feb'),
    ];
    const groups = groupConversationsByDate(list, NOW);
    expect(groups.map((g) => g.key)).toEqual([
      'today',
      'yesterday',
      'previous7Days',
      'previous30Days',
      'month-2026-02',
      'month-2026-01',
      'year-2025',
      'year-2024',
    ]);
    expect(groups.map((g) => g.items.map((c) => c.conversationId))).toEqual([
      ['today-13', 'today-9'],
      ['yesterday'],
      ['week'],
      ['month30'],
      ['feb'],
      ['jan'],
      ['y2025'],
      ['y2024'],
    ]);
  });

  it('drops duplicate ids, keeping the newest version', () => {
    const old = { conversationId: 'a', updatedAt: at(2026, 3, 1).toISOString(), title: 'old title' };
    const fresh = { conversationId: 'a', updatedAt: at(2026, 3, 15, 12).toISOString(), title: 'new title' };
    const groups = groupConversationsByDate([fresh, convo(at(2026, 3, 15, 11), 'b'), old], NOW);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.items.map((c) => [c.conversationId, c.title])).toEqual([
      ['a', 'new title'],
      ['b', 'b'],
    ]);
    // Order of arrival does not matter.
    const reversed = groupConversationsByDate([old, fresh], NOW);
    expect(reversed[0]!.items[0]!.title).toBe('new title');
  });

  it('returns nothing for nothing and keeps unreadable dates (sorted last)', () => {
    expect(groupConversationsByDate([], NOW)).toEqual([]);
    const groups = groupConversationsByDate(
      [{ conversationId: 'x', updatedAt: 'not a date' }, convo(at(2026, 3, 15, 1), 'ok')],
      NOW,
    );
    expect(groups[0]!.key).toBe('today');
    expect(groups.at(-1)!.items.map((c) => c.conversationId)).toEqual(['x']);
  });

  it('orders month groups from December down to January', () => {
    const dec31 = at(2026, 12, 31, 12);
    const list = [1, 5, 3, 11, 2].map((m) => convo(at(2026, m, 10), `m${m}`));
    expect(groupConversationsByDate(list, dec31).map((g) => g.key)).toEqual([
      'month-2026-11',
      'month-2026-05',
      'month-2026-03',
      'month-2026-02',
      'month-2026-01',
    ]);
  });

  it('groups 10,000 conversations, each once', () => {
    const base = NOW.getTime();
    const list = Array.from({ length: 10_000 }, (_, i) => ({
      conversationId: `id${i}`,
      updatedAt: new Date(base - i * 3_600_000).toISOString(),
    }));
    // No time bound: it followed the machine's load. A quadratic grouping would still show here
    // as a test run minutes long.
    const groups = groupConversationsByDate(list, NOW);
    const ids = groups.flatMap((g) => g.items.map((item) => item.conversationId));
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
  });
});
