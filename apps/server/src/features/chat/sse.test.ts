import { describe, expect, it } from 'vitest';
import { DELTA_WRITE_GAP_MS, deltaWriteGapMs, MAX_DELTA_WRITE_GAP_MS } from './sse.js';

describe('deltaWriteGapMs', () => {
  it('keeps the base gap for up to 200 clients, then grows with them, up to a cap', () => {
    expect(deltaWriteGapMs(1)).toBe(DELTA_WRITE_GAP_MS);
    expect(deltaWriteGapMs(200)).toBe(DELTA_WRITE_GAP_MS);
    expect(deltaWriteGapMs(500)).toBe(100);
    expect(deltaWriteGapMs(5000)).toBe(MAX_DELTA_WRITE_GAP_MS);
  });
});
