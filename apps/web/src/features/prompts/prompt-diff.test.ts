import { describe, expect, it } from 'vitest';
import { countDiff, diffPromptLines } from './prompt-diff';

describe('diffPromptLines', () => {
  it('numbers unchanged, removed and added lines on their own side', () => {
    expect(diffPromptLines('a\nb\nc', 'a\nB\nc')).toEqual([
      { kind: 'same', text: 'a', oldNumber: 1, newNumber: 1 },
      { kind: 'removed', text: 'b', oldNumber: 2 },
      { kind: 'added', text: 'B', newNumber: 2 },
      { kind: 'same', text: 'c', oldNumber: 3, newNumber: 3 },
    ]);
  });

  it('treats a missing final newline as the same line', () => {
    expect(diffPromptLines('one\ntwo', 'one\ntwo\n').every((row) => row.kind === 'same')).toBe(true);
  });

  it('keeps blank lines and counts changes', () => {
    const rows = diffPromptLines('', 'Write about {{topic}}\n\nBe brief');
    expect(rows.map((r) => [r.kind, r.text])).toEqual([
      ['added', 'Write about {{topic}}'],
      ['added', ''],
      ['added', 'Be brief'],
    ]);
    expect(countDiff(rows)).toEqual({ added: 3, removed: 0 });
  });

  it('answers nothing for two empty texts', () => {
    expect(diffPromptLines('', '')).toEqual([]);
  });
});
