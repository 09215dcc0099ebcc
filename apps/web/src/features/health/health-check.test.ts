import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHealthChecks } from './health-check';

const MINUTE = 60_000;

describe('startHealthChecks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(check = vi.fn(() => Promise.resolve())) {
    let focus: () => void = () => {};
    const logFailure = vi.fn();
    const stopFocus = vi.fn();
    const stop = startHealthChecks({
      check,
      intervalMs: 10 * MINUTE,
      recheckOnFocusAfterMs: 5 * MINUTE,
      onFocus: (listener) => {
        focus = listener;
        return stopFocus;
      },
      logFailure,
      now: () => Date.now(),
    });
    return { check, logFailure, stop, stopFocus, focus: () => focus() };
  }

  it('checks at once, then every 10 minutes', async () => {
    const { check, stop } = setup();
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(check).toHaveBeenCalledTimes(3);
    stop();
  });

  it('re-checks on focus only when the last check is older than 5 minutes', async () => {
    const { check, focus, stop } = setup();
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    focus();
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 * MINUTE + 1);
    focus();
    expect(check).toHaveBeenCalledTimes(2);
    // That check counts as the last one: another focus soon after does nothing.
    await vi.advanceTimersByTimeAsync(MINUTE);
    focus();
    expect(check).toHaveBeenCalledTimes(2);
    stop();
  });

  it('logs a failure and does not retry it', async () => {
    const error = new Error('down');
    const { check, logFailure, stop } = setup(vi.fn(() => Promise.reject(error)));
    await vi.advanceTimersByTimeAsync(0);
    expect(logFailure).toHaveBeenCalledWith(error);
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(check).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops the timer and the focus listener', async () => {
    const { check, stop, stopFocus } = setup();
    stop();
    expect(stopFocus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
