import type { Conversation, SidebarGroup } from '@confab/shared';
import { describe, expect, it, vi } from 'vitest';
import { flattenGroups, isNearEnd, rowHeight, throttle } from './sidebar-rows';

const c = (id: string) => ({ conversationId: id }) as Conversation;

describe('flattenGroups', () => {
  it('puts a header before each group and marks the first', () => {
    const groups: SidebarGroup<Conversation>[] = [
      { key: 'today', kind: 'today', items: [c('a'), c('b')] },
      { key: 'year-2024', kind: 'year', year: 2024, items: [c('c')] },
    ];
    const rows = flattenGroups(groups);
    expect(rows.map((r) => r.key)).toEqual(['h:today', 'a', 'b', 'h:year-2024', 'c']);
    expect(rows[0]).toMatchObject({ type: 'header', isFirst: true });
    expect(rows[3]).toMatchObject({ type: 'header', isFirst: false, group: { year: 2024 } });
  });
});

describe('rowHeight', () => {
  it('is 34 px on wide screens and 44 px on small ones (SPEC 9)', () => {
    const row = { type: 'conversation', key: 'a', conversation: c('a') } as const;
    expect(rowHeight(row, false)).toBe(34);
    expect(rowHeight(row, true)).toBe(44);
  });
});

describe('isNearEnd', () => {
  it('asks for more within 8 rows of the end', () => {
    expect(isNearEnd({ lastRenderedIndex: 91, rowCount: 100 }).byRows).toBe(true);
    expect(isNearEnd({ lastRenderedIndex: 90, rowCount: 100 }).byRows).toBe(false);
  });

  it('asks for more at 97 % of the scroll height', () => {
    expect(
      isNearEnd({ lastRenderedIndex: 0, rowCount: 100, scrollTop: 870, clientHeight: 100, scrollHeight: 1000 })
        .byScroll,
    ).toBe(true);
    expect(
      isNearEnd({ lastRenderedIndex: 0, rowCount: 100, scrollTop: 860, clientHeight: 100, scrollHeight: 1000 })
        .byScroll,
    ).toBe(false);
  });
});

describe('throttle', () => {
  it('runs at once, then at most once per interval, keeping the last call', () => {
    vi.useFakeTimers();
    try {
      const fn = vi.fn();
      const throttled = throttle(fn, 300);
      throttled.run();
      expect(fn).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(100);
      throttled.run();
      throttled.run();
      expect(fn).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(200);
      expect(fn).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(1000);
      expect(fn).toHaveBeenCalledTimes(2);
      throttled.run();
      expect(fn).toHaveBeenCalledTimes(3);
      throttled.run();
      throttled.cancel();
      vi.advanceTimersByTime(1000);
      expect(fn).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
