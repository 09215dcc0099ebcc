import type { FileRecord } from '@confab/shared';
import type { TableSort } from '../../conversations/table/table-sort';

export type FileSortColumn = 'filename' | 'createdAt' | 'bytes';

/** The files whose name contains the search (any case); all of them for an empty search. */
export function filterFiles(files: readonly FileRecord[], search: string): FileRecord[] {
  const needle = search.trim().toLocaleLowerCase();
  return needle ? files.filter((f) => f.filename.toLocaleLowerCase().includes(needle)) : [...files];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Sorted by name (natural order), date or size; ties keep the newest first. */
export function sortFiles(files: readonly FileRecord[], sort: TableSort<FileSortColumn>): FileRecord[] {
  const sign = sort.sortDirection === 'asc' ? 1 : -1;
  const byDate = (a: FileRecord, b: FileRecord) => Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return [...files].sort((a, b) => {
    const primary =
      sort.sortBy === 'filename'
        ? collator.compare(a.filename, b.filename)
        : sort.sortBy === 'bytes'
          ? a.bytes - b.bytes
          : byDate(a, b);
    return primary !== 0 ? sign * primary : -byDate(a, b);
  });
}

/** The selection after the visible rows changed: only ids still listed stay selected. */
export function keepVisibleSelection(selected: ReadonlySet<string>, visible: readonly FileRecord[]): Set<string> {
  const ids = new Set(visible.map((f) => f.file_id));
  return new Set([...selected].filter((id) => ids.has(id)));
}
