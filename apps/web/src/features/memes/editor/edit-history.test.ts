import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createHistory,
  HISTORY_LIMIT,
  pushHistory,
  redoHistory,
  sealHistory,
  undoHistory,
} from './edit-history';

describe('edit history', () => {
  it('undoes and redoes in order', () => {
    let h = createHistory(0);
    h = pushHistory(h, 1);
    h = pushHistory(h, 2);
    expect(canUndo(h)).toBe(true);
    h = undoHistory(h);
    expect(h.present).toBe(1);
    h = undoHistory(h);
    expect(h.present).toBe(0);
    expect(canUndo(h)).toBe(false);
    expect(undoHistory(h)).toBe(h);
    h = redoHistory(redoHistory(h));
    expect(h.present).toBe(2);
    expect(canRedo(h)).toBe(false);
  });

  it('a new change drops what could be redone', () => {
    let h = pushHistory(pushHistory(createHistory('a'), 'b'), 'c');
    h = pushHistory(undoHistory(h), 'd');
    expect(h.present).toBe('d');
    expect(canRedo(h)).toBe(false);
    expect(undoHistory(h).present).toBe('b');
  });

  it('coalesces a drag into one step, and a new drag is another', () => {
    let h = createHistory(0);
    for (const x of [1, 2, 3, 4]) h = pushHistory(h, x, 'drag-1');
    expect(h.past).toEqual([0]);
    h = pushHistory(h, 5, 'drag-2');
    expect(h.past).toEqual([0, 4]);
    expect(undoHistory(undoHistory(h)).present).toBe(0);
  });

  it('a sealed group does not grow', () => {
    let h = pushHistory(createHistory(0), 1, 'text-a');
    h = pushHistory(sealHistory(h), 2, 'text-a');
    expect(h.past).toEqual([0, 1]);
  });

  it('keeps at most the last 100 steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = pushHistory(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });

  it('the same state again is no step', () => {
    const h = createHistory(7);
    expect(pushHistory(h, 7)).toBe(h);
  });
});
