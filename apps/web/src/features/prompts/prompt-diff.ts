import { diffLines } from 'diff';

export type DiffLineKind = 'added' | 'removed' | 'same';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  /** The line's number in the older text (removed and same lines). */
  oldNumber?: number;
  /** The line's number in the newer text (added and same lines). */
  newNumber?: number;
}

/** Splits a chunk of jsdiff output into its lines (a chunk ends with its newline, or not at the end). */
function splitChunk(value: string): string[] {
  const lines = value.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The line diff of two versions of a prompt, from `older` to `newer`, one row per line with its
 * numbers on either side, as the version comparison shows it.
 * @example diffPromptLines('a\nb', 'a\nc') // same a, removed b, added c
 */
export function diffPromptLines(older: string, newer: string): DiffLine[] {
  const rows: DiffLine[] = [];
  let oldNumber = 1;
  let newNumber = 1;
  // A last line without a newline would otherwise differ from the same line with one.
  const normalise = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  for (const change of diffLines(normalise(older), normalise(newer))) {
    for (const text of splitChunk(change.value)) {
      if (change.added) rows.push({ kind: 'added', text, newNumber: newNumber++ });
      else if (change.removed) rows.push({ kind: 'removed', text, oldNumber: oldNumber++ });
      else rows.push({ kind: 'same', text, oldNumber: oldNumber++, newNumber: newNumber++ });
    }
  }
  return rows;
}

/** How many lines were added and removed. */
export function countDiff(rows: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const row of rows) {
    if (row.kind === 'added') added += 1;
    else if (row.kind === 'removed') removed += 1;
  }
  return { added, removed };
}
