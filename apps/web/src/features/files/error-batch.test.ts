import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMessageBatcher } from './error-batch';

describe('createMessageBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over every message of a burst once, 250 ms after the first', () => {
    const flushed: string[][] = [];
    const batch = createMessageBatcher(250, (m) => flushed.push(m));
    batch.add('a');
    vi.advanceTimersByTime(100);
    batch.add('b');
    batch.add('a');
    vi.advanceTimersByTime(149);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([['a', 'b']]);
  });

  it('starts a new batch after a flush', () => {
    const flushed: string[][] = [];
    const batch = createMessageBatcher(250, (m) => flushed.push(m));
    batch.add('a');
    vi.advanceTimersByTime(250);
    batch.add('c');
    vi.advanceTimersByTime(250);
    expect(flushed).toEqual([['a'], ['c']]);
  });

  it('drops what was pending on cancel', () => {
    const flushed: string[][] = [];
    const batch = createMessageBatcher(250, (m) => flushed.push(m));
    batch.add('a');
    batch.cancel();
    vi.advanceTimersByTime(1000);
    expect(flushed).toEqual([]);
  });
});
