export type SortDirection = 'asc' | 'desc';

export interface TableSort<Column extends string> {
  sortBy: Column;
  sortDirection: SortDirection;
}

/** Picking a column sorts by it, newest (or last) first; picking the sorted column again flips it. */
export function nextSort<Column extends string>(current: TableSort<Column>, column: Column): TableSort<Column> {
  return {
    sortBy: column,
    sortDirection: current.sortBy === column && current.sortDirection === 'desc' ? 'asc' : 'desc',
  };
}
