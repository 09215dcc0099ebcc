import { useEffect, useState } from 'react';
import type { BlobUrlCache } from './blob-url-cache';

export type BlobUrlStatus = 'loading' | 'loaded' | 'error';

/**
 * The blob URL of `key` in `cache` while the component shows it: acquired on mount, released on
 * unmount (the cache revokes it once idle). A null key holds nothing.
 */
export function useCachedBlobUrl(
  cache: BlobUrlCache,
  key: string | null,
): { src: string | null; status: BlobUrlStatus } {
  const [state, setState] = useState<{ key: string; src: string | null; status: BlobUrlStatus } | null>(null);

  useEffect(() => {
    if (!key) return;
    let isCurrent = true;
    setState((s) => (s?.key === key ? s : { key, src: null, status: 'loading' }));
    cache.acquire(key).then(
      (src) => {
        if (isCurrent) setState({ key, src, status: 'loaded' });
      },
      () => {
        if (isCurrent) setState({ key, src: null, status: 'error' });
      },
    );
    return () => {
      isCurrent = false;
      cache.release(key);
    };
  }, [cache, key]);

  return state && state.key === key ? { src: state.src, status: state.status } : { src: null, status: 'loading' };
}
