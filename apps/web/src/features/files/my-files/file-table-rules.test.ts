import type { FileRecord } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { filterFiles, keepVisibleSelection, sortFiles } from './file-table-rules';

const file = (file_id: string, filename: string, bytes: number, createdAt: string): FileRecord => ({
  user: 'u',
  file_id,
  filename,
  filepath: `/api/files/download/u/${file_id}`,
  object: 'file',
  type: 'text/plain',
  bytes,
  embedded: false,
  usage: 0,
  source: 'local',
  createdAt,
  updatedAt: createdAt,
});

const files = [
  file('a', 'Report 10.pdf', 300, '2025-01-03T00:00:00Z'),
  file('b', 'report 2.pdf', 100, '2025-01-01T00:00:00Z'),
  file('c', 'notes.txt', 200, '2025-01-02T00:00:00Z'),
];
const ids = (list: FileRecord[]) => list.map((f) => f.file_id);

describe('my files table rules', () => {
  it('filters by name, in any case', () => {
    expect(ids(filterFiles(files, ' REPORT '))).toEqual(['a', 'b']);
    expect(ids(filterFiles(files, ''))).toEqual(['a', 'b', 'c']);
    expect(filterFiles(files, 'zzz')).toEqual([]);
  });

  it('sorts by name in natural order, by date and by size, both ways', () => {
    expect(ids(sortFiles(files, { sortBy: 'filename', sortDirection: 'asc' }))).toEqual(['c', 'b', 'a']);
    expect(ids(sortFiles(files, { sortBy: 'filename', sortDirection: 'desc' }))).toEqual(['a', 'b', 'c']);
    expect(ids(sortFiles(files, { sortBy: 'createdAt', sortDirection: 'desc' }))).toEqual(['a', 'c', 'b']);
    expect(ids(sortFiles(files, { sortBy: 'bytes', sortDirection: 'asc' }))).toEqual(['b', 'c', 'a']);
  });

  it('keeps only the selected files still shown', () => {
    expect([...keepVisibleSelection(new Set(['a', 'c', 'x']), filterFiles(files, 'report'))]).toEqual(['a']);
  });
});
