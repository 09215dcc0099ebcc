import { LOGOUT_EVENT } from '../auth/auth-store';
import { createBlobUrlCache } from './blob-url-cache';
import { useCachedBlobUrl, type BlobUrlStatus } from './use-cached-blob-url';
import { fetchBlob, sharedFilePath } from './files-api';

/**
 * Images are served only with the bearer token (or through a shared link): fetched here and shown
 * as blob URLs, keyed by the path they are fetched from, so each share id has its own entries.
 */
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

export type ImageStatus = BlobUrlStatus;

/**
 * Where a protected path is fetched from: stored images through the shared link on a shared page
 * (`shareId`), everything else as it is (downloads are the owner's only).
 */
export function imageRequestPath(path: string, shareId?: string): string {
  return shareId && path.startsWith('/images/') ? sharedFilePath(path, shareId) : path;
}

/**
 * The src to give an <img> for `path`: protected paths as a blob URL loaded with the token (or,
 * with `shareId`, through that shared link), anything else as it is. `null` shows nothing.
 */
export function useAuthedImage(
  path: string | null | undefined,
  shareId?: string,
): { src: string | null; status: ImageStatus } {
  const isProtected = !!path && isProtectedPath(path);
  const key = path && isProtected ? imageRequestPath(path, shareId) : null;
  const blob = useCachedBlobUrl(cache, key);

  if (!path) return { src: null, status: 'error' };
  if (!key) return { src: path, status: 'loaded' };
  return blob;
}
