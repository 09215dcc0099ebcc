import { describe, expect, it } from 'vitest';
import { deletableShareIds, isTableNearEnd } from './table-paging';

describe('isTableNearEnd', () => {
  it('loads the next page within 1.5 viewport heights of the end', () => {
    expect(isTableNearEnd({ scrollTop: 0, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
    expect(isTableNearEnd({ scrollTop: 0, clientHeight: 400, scrollHeight: 1001 })).toBe(false);
    expect(isTableNearEnd({ scrollTop: 2000, clientHeight: 400, scrollHeight: 3000 })).toBe(true);
  });
});

describe('deletableShareIds', () => {
  it('skips items without a non-empty shareId', () => {
    expect(
      deletableShareIds([
        { shareId: 'a' },
        { shareId: '' },
        { shareId: '  ' },
        {},
        { shareId: null },
        { shareId: 'b' },
      ]),
    ).toEqual(['a', 'b']);
    expect(deletableShareIds([{ shareId: '' }])).toEqual([]);
  });
});
