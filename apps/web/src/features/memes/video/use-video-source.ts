import { LOGOUT_EVENT } from '../../auth/auth-store';
import { createBlobUrlCache } from '../../files/blob-url-cache';
import { useCachedBlobUrl } from '../../files/use-cached-blob-url';
import { fetchVideoBlob, isOwnVideoPath } from './video-fetch';

/**
 * Own videos as blob URLs (a <video> cannot send the bearer token), one fetch per video however
 * many slots show it, revoked shortly after the last slot showing it unmounts: the virtualised
 * message list unmounts rows out of view, and one scrolled back finds its video still there.
 */
const cache = createBlobUrlCache({
  load: (key) => {
    const { path, shareId } = JSON.parse(key) as { path: string; shareId?: string };
    return fetchVideoBlob(path, shareId);
  },
  createUrl: (blob) => URL.createObjectURL(blob),
  revokeUrl: (url) => URL.revokeObjectURL(url),
  idleMs: 15_000,
});

if (typeof window !== 'undefined') window.addEventListener(LOGOUT_EVENT, () => cache.clear());

export type VideoSourceStatus = 'loading' | 'ready' | 'error';

/**
 * What a <video> plays for `url`: an own `/api/memes/videos/<id>.mp4` loaded with the token (or
 * the share id) into a blob URL, another tool's URL as it is. `null` url: nothing to play.
 */
export function useVideoSource(
  url: string | null,
  shareId: string | undefined,
): { src: string | null; status: VideoSourceStatus } {
  const key = url && isOwnVideoPath(url) ? JSON.stringify(shareId ? { path: url, shareId } : { path: url }) : null;
  const blob = useCachedBlobUrl(cache, key);

  if (!url) return { src: null, status: 'error' };
  if (!key) return { src: url, status: 'ready' };
  return { src: blob.src, status: blob.status === 'loaded' ? 'ready' : blob.status };
}
