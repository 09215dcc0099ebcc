import { describe, expect, it } from 'vitest';
import { nextSort } from './table-sort';

describe('nextSort', () => {
  it('sorts a new column descending, and flips the sorted one each time it is picked', () => {
    const start = { sortBy: 'createdAt' as 'createdAt' | 'title', sortDirection: 'desc' as const };
    const byTitle = nextSort(start, 'title');
    expect(byTitle).toEqual({ sortBy: 'title', sortDirection: 'desc' });
    expect(nextSort(byTitle, 'title')).toEqual({ sortBy: 'title', sortDirection: 'asc' });
    expect(nextSort(nextSort(byTitle, 'title'), 'title')).toEqual({ sortBy: 'title', sortDirection: 'desc' });
    expect(nextSort({ sortBy: 'title', sortDirection: 'asc' }, 'createdAt')).toEqual({ sortBy: 'createdAt', sortDirection: 'desc' });
  });
});
