import { TIMING } from '@confab/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  pauseToast,
  placeToast,
  resumeToast,
  runToastAction,
  showToast,
  useToastStore,
  type Toast,
} from './toast-store';

const toast = (id: number, message = `t${id}`): Toast => ({ id, message, status: 'info', durationMs: 3000 });
const shown = () => useToastStore.getState().toasts.map((t) => t.message);

describe('placeToast', () => {
  it('replaces the toast with the same id where it stands', () => {
    const placed = placeToast([toast(1), toast(2), toast(3)], toast(2, 'done'));
    expect(placed.toasts.map((t) => t.message)).toEqual(['t1', 'done', 't3']);
    expect(placed.evicted).toEqual([]);
  });

  it('adds a new one at the end and pushes the oldest out past the limit', () => {
    const placed = placeToast([toast(1), toast(2)], toast(3), 2);
    expect(placed.toasts.map((t) => t.id)).toEqual([2, 3]);
    expect(placed.evicted.map((t) => t.id)).toEqual([1]);
  });
});

describe('showToast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('replaces a progress toast with its result instead of stacking both', () => {
    const id = showToast({ message: 'Duplicating…', status: 'loading' });
    vi.advanceTimersByTime(TIMING.toastDelayMs);
    expect(shown()).toEqual(['Duplicating…']);
    // A progress toast waits for its result, well past the usual 3 s.
    vi.advanceTimersByTime(10_000);
    expect(shown()).toEqual(['Duplicating…']);

    showToast({ id, message: 'Duplicated' });
    expect(shown()).toEqual(['Duplicated']);
    expect(useToastStore.getState().toasts[0]?.status).toBe('success');
    vi.advanceTimersByTime(TIMING.toastDurationMs);
    expect(shown()).toEqual([]);
  });

  it('a result that comes before its progress toast showed takes its place', () => {
    const id = showToast({ message: 'Working…', status: 'loading' });
    showToast({ id, message: 'Done' });
    vi.advanceTimersByTime(TIMING.toastDelayMs);
    expect(shown()).toEqual(['Done']);
  });

  it('tells why a toast closed, and not when it was replaced', () => {
    const onClose = vi.fn();
    const first = showToast({ message: 'a', onClose });
    vi.advanceTimersByTime(TIMING.toastDelayMs);
    showToast({ id: first, message: 'a again' });
    vi.advanceTimersByTime(TIMING.toastDurationMs);
    expect(onClose).not.toHaveBeenCalled();

    const timedOut = vi.fn();
    showToast({ message: 'b', onClose: timedOut, durationMs: 500 });
    vi.advanceTimersByTime(TIMING.toastDelayMs + 500);
    expect(timedOut).toHaveBeenCalledWith('timeout');

    const closed = vi.fn();
    const id = showToast({ message: 'c', onClose: closed });
    vi.advanceTimersByTime(TIMING.toastDelayMs);
    dismissToast(id);
    expect(closed).toHaveBeenCalledWith('dismissed');
    expect(shown()).toEqual([]);
  });

  it('runs an action: the toast closes, unless the action replaced it', () => {
    const onClose = vi.fn();
    const undone = vi.fn();
    const id = showToast({ message: 'Deleted', action: { label: 'Undo', onClick: undone }, onClose });
    vi.advanceTimersByTime(TIMING.toastDelayMs);
    runToastAction(id);
    expect(undone).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledWith('action');
    expect(shown()).toEqual([]);

    const replaced = vi.fn();
    const other = showToast({
      message: 'Archived',
      onClose: replaced,
      action: { label: 'Undo', onClick: () => showToast({ id: other, message: 'Restored' }) },
    });
    vi.advanceTimersByTime(TIMING.toastDelayMs);
    runToastAction(other);
    expect(shown()).toEqual(['Restored']);
    expect(replaced).not.toHaveBeenCalled();
  });

  it('holds a toast while paused and lets it run out after', () => {
    const id = showToast({ message: 'Deleted', durationMs: 2000 });
    vi.advanceTimersByTime(TIMING.toastDelayMs + 1500);
    pauseToast(id);
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['Deleted']);
    resumeToast(id);
    vi.advanceTimersByTime(999);
    expect(shown()).toEqual(['Deleted']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('closes the toasts pushed out by newer ones as evicted', () => {
    const onClose = vi.fn();
    showToast({ message: 'oldest', onClose });
    for (let i = 0; i < 4; i++) showToast({ message: `n${i}` });
    vi.advanceTimersByTime(TIMING.toastDelayMs);
    expect(shown()).toEqual(['n0', 'n1', 'n2', 'n3']);
    expect(onClose).toHaveBeenCalledWith('evicted');
  });
});
