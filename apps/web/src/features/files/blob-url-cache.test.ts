import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBlobUrlCache } from './blob-url-cache';

function setup(fail = false) {
  const loads: string[] = [];
  const revoked: string[] = [];
  let n = 0;
  const cache = createBlobUrlCache({
    load: (key) => {
      loads.push(key);
      return fail ? Promise.reject(new Error('404')) : Promise.resolve(new Blob([key]));
    },
    createUrl: () => `blob:${++n}`,
    revokeUrl: (url) => revoked.push(url),
    idleMs: 1000,
  });
  return { cache, loads, revoked };
}

describe('createBlobUrlCache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads a key once for every viewer', async () => {
    const { cache, loads } = setup();
    const [a, b] = await Promise.all([cache.acquire('/images/u/f'), cache.acquire('/images/u/f')]);
    expect(a).toBe('blob:1');
    expect(b).toBe('blob:1');
    expect(loads).toEqual(['/images/u/f']);
  });

  it('revokes the URL once the last viewer has been gone for the idle time', async () => {
    const { cache, revoked, loads } = setup();
    await cache.acquire('k');
    await cache.acquire('k');
    cache.release('k');
    cache.release('k');
    vi.advanceTimersByTime(999);
    expect(revoked).toEqual([]);
    // Shown again in time: kept.
    await cache.acquire('k');
    vi.advanceTimersByTime(5000);
    expect(revoked).toEqual([]);
    cache.release('k');
    vi.advanceTimersByTime(1000);
    expect(revoked).toEqual(['blob:1']);
    await cache.acquire('k');
    expect(loads).toEqual(['k', 'k']);
  });

  it('forgets a failed load so the next viewer tries again', async () => {
    const { cache, loads } = setup(true);
    await expect(cache.acquire('k')).rejects.toThrow('404');
    await expect(cache.acquire('k')).rejects.toThrow('404');
    expect(loads).toEqual(['k', 'k']);
  });

  it('uses primed bytes without loading, and revokes everything on clear', async () => {
    const { cache, loads, revoked } = setup();
    cache.prime('p', new Blob(['x']));
    expect(await cache.acquire('p')).toBe('blob:1');
    await cache.acquire('q');
    expect(loads).toEqual(['q']);
    cache.clear();
    expect(revoked.sort()).toEqual(['blob:1', 'blob:2']);
  });
});
