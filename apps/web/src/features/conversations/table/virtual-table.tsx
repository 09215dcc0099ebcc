import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useSmallScreen } from '../../layout/use-small-screen';
import { isTableNearEnd, TABLE_OVERSCAN, TABLE_ROW_PX } from './table-paging';
import { nextSort, type SortDirection, type TableSort } from './table-sort';

/** The paging state of the infinite query the rows come from (TanStack Query's result fits as it is). */
export interface TablePages {
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

export interface VirtualTableProps<T> {
  items: readonly T[];
  getKey(item: T): string;
  /** The grid template shared by the header and every row. */
  columns: string;
  /**
   * The template on small screens, where the dialog leaves little room for the name: the rows
   * stack the date under the name (the cells place themselves with `max-md:` classes).
   */
  narrowColumns?: string;
  /** The header's template on small screens (its sort buttons stay side by side). */
  narrowHeaderColumns?: string;
  header: ReactNode;
  renderRow(item: T, index: number): ReactNode;
  pages: TablePages;
  empty: ReactNode;
  label: string;
  testId?: string;
}

/**
 * An ARIA table whose rows are virtualised (48 px, overscan 10) and that pages in more data
 * when the end is within 1.5 viewport heights (SPEC 9).
 */
export function VirtualTable<T>({
  items,
  getKey,
  columns: wideColumns,
  narrowColumns,
  narrowHeaderColumns,
  header,
  renderRow,
  pages,
  empty,
  label,
  testId,
}: VirtualTableProps<T>) {
  const { isPending: isLoading, hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const isSmall = useSmallScreen();
  const columns = (isSmall && narrowColumns) || wideColumns;
  const headerColumns = (isSmall && narrowHeaderColumns) || columns;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TABLE_ROW_PX,
    overscan: TABLE_OVERSCAN,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
  });

  const check = useCallback(() => {
    const el = scrollRef.current;
    if (el && hasNextPage && !isFetchingNextPage && isTableNearEnd(el)) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // A short first page may not fill the viewport: ask again whenever the data changes.
  useEffect(check, [check, items.length]);

  return (
    <div
      role="table"
      aria-label={label}
      aria-rowcount={items.length + 1}
      className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-xl border border-line"
      data-testid={testId}
    >
      <div role="rowgroup" className="shrink-0 border-b border-line bg-surface-secondary">
        <div
          role="row"
          className="grid h-10 items-center gap-2 px-3 text-xs font-medium text-fg-secondary sm:gap-3"
          style={{ gridTemplateColumns: headerColumns }}
        >
          {header}
        </div>
      </div>
      <div
        ref={scrollRef}
        onScroll={check}
        role="rowgroup"
        className="scrollbar-thin relative min-h-0 flex-1 overflow-y-auto"
      >
        {isLoading ? (
          <div className="flex justify-center py-10 text-fg-tertiary">
            <Spinner />
          </div>
        ) : items.length === 0 ? (
          empty
        ) : (
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const item = items[row.index];
              if (item === undefined) return null;
              return (
                <div
                  key={row.key}
                  role="row"
                  aria-rowindex={row.index + 2}
                  className="absolute top-0 left-0 grid w-full content-center items-center gap-2 border-b border-line/70 px-3 text-sm transition-colors hover:bg-surface-secondary max-md:gap-y-0.5 sm:gap-3"
                  style={{
                    height: TABLE_ROW_PX,
                    transform: `translateY(${row.start}px)`,
                    gridTemplateColumns: columns,
                  }}
                >
                  {renderRow(item, row.index)}
                </div>
              );
            })}
          </div>
        )}
        {isFetchingNextPage ? (
          <div className="flex justify-center py-3 text-fg-tertiary">
            <Spinner className="size-4" />
          </div>
        ) : null}
      </div>
    </div>
  );
}


/** A column header that sorts: click toggles the direction, or picks this column. */
export function SortHeader({
  label,
  isActive,
  direction,
  onSort,
  className,
}: {
  label: string;
  isActive: boolean;
  direction: SortDirection;
  onSort(): void;
  className?: string;
}) {
  const Icon = !isActive ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <div
      role="columnheader"
      aria-sort={isActive ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={className}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          'focus-ring -ml-1.5 flex items-center gap-1 rounded-md px-1.5 py-1 hover:bg-surface-hover hover:text-fg',
          isActive && 'text-fg',
        )}
        data-testid={`sort-${label.toLowerCase().replace(/\s+/g, '-')}`}
      >
        {label}
        <Icon className={cn('size-3.5', !isActive && 'opacity-50')} aria-hidden />
      </button>
    </div>
  );
}

/** A table's sort state, starting newest first (see `nextSort`). */
export function useTableSort<Column extends string>(initial: Column) {
  const [sort, setSort] = useState<TableSort<Column>>({ sortBy: initial, sortDirection: 'desc' });
  const sortBy = useCallback((column: Column) => setSort((s) => nextSort(s, column)), []);
  return { sort, sortBy };
}

/** The managers' common columns: name and date, both sortable, then the actions. */
export function NameDateActionsHeaders({
  sort,
  sortBy,
  nameLabel,
  dateLabel,
  actionsLabel,
}: {
  sort: { sortBy: string; sortDirection: SortDirection };
  sortBy(column: 'title' | 'createdAt'): void;
  nameLabel: string;
  dateLabel: string;
  actionsLabel: string;
}) {
  return (
    <>
      <SortHeader
        label={nameLabel}
        isActive={sort.sortBy === 'title'}
        direction={sort.sortDirection}
        onSort={() => sortBy('title')}
      />
      <SortHeader
        label={dateLabel}
        isActive={sort.sortBy === 'createdAt'}
        direction={sort.sortDirection}
        onSort={() => sortBy('createdAt')}
      />
      <div role="columnheader" className="text-right">
        {actionsLabel}
      </div>
    </>
  );
}
