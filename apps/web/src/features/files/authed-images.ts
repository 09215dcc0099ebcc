import { useEffect, useState } from 'react';
import { LOGOUT_EVENT } from '../auth/auth-store';
import { createBlobUrlCache } from './blob-url-cache';
import { fetchBlob } from './files-api';

/** Images are served only with the bearer token: fetched here and shown as blob URLs. */
const cache = createBlobUrlCache({
  load: async (path) => (await fetchBlob(path)).blob,
  createUrl: (blob) => URL.createObjectURL(blob),
  revokeUrl: (url) => URL.revokeObjectURL(url),
  idleMs: 60_000,
});

if (typeof window !== 'undefined') window.addEventListener(LOGOUT_EVENT, () => cache.clear());

/**
 * Paths this app serves only with the token: stored images and downloads. Avatars
 * (/api/files/avatar/...) and pictures from elsewhere load as plain URLs.
 */
export function isProtectedPath(src: string): boolean {
  return src.startsWith('/images/') || src.startsWith('/api/files/download/');
}

/** The thumbnail of a stored image (SPEC: `?thumb=1`). */
export function thumbnailPath(filepath: string): string {
  return filepath.includes('?') ? filepath : `${filepath}?thumb=1`;
}

/** Seeds the cache with the bytes the user just uploaded, so the sent message shows them at once. */
export function primeImage(path: string, blob: Blob): void {
  cache.prime(path, blob);
}

export type ImageStatus = 'loading' | 'loaded' | 'error';

/**
 * The src to give an <img> for `path`: protected paths as a blob URL loaded with the token,
 * anything else as it is. `null` shows nothing.
 */
export function useAuthedImage(path: string | null | undefined): { src: string | null; status: ImageStatus } {
  const isProtected = !!path && isProtectedPath(path);
  const [state, setState] = useState<{ path: string; src: string | null; status: ImageStatus } | null>(null);

  useEffect(() => {
    if (!path || !isProtected) return;
    let isCurrent = true;
    setState((s) => (s?.path === path ? s : { path, src: null, status: 'loading' }));
    cache.acquire(path).then(
      (src) => {
        if (isCurrent) setState({ path, src, status: 'loaded' });
      },
      () => {
        if (isCurrent) setState({ path, src: null, status: 'error' });
      },
    );
    return () => {
      isCurrent = false;
      cache.release(path);
    };
  }, [path, isProtected]);

  if (!path) return { src: null, status: 'error' };
  if (!isProtected) return { src: path, status: 'loaded' };
  return state?.path === path ? { src: state.src, status: state.status } : { src: null, status: 'loading' };
}
