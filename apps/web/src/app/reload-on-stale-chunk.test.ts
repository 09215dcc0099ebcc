import { describe, expect, it } from 'vitest';
import { reloadOnceForStaleChunk } from './reload-on-stale-chunk';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('reloadOnceForStaleChunk', () => {
  it('reloads on the first failed import, not again within ten seconds, and again after', () => {
    const storage = memoryStorage();
    let time = 1_000_000;
    let reloads = 0;
    const deps = { storage, now: () => time, reload: () => void reloads++ };
    expect(reloadOnceForStaleChunk(deps)).toBe(true);
    time += 9_000;
    expect(reloadOnceForStaleChunk(deps)).toBe(false);
    time += 2_000;
    expect(reloadOnceForStaleChunk(deps)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('never reloads when storage is refused (no guard against a loop)', () => {
    let reloads = 0;
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(reloadOnceForStaleChunk({ storage, now: () => 1, reload: () => void reloads++ })).toBe(false);
    expect(reloads).toBe(0);
  });
});
