import { ApiError } from '../../../lib/api-client';
import { fetchBlob } from '../../files/files-api';

/** Our own rendered videos (and an mp4's `.jpg` poster): served only to their owner (bearer token) or through a share. */
const OWN_VIDEO_PATH = /^\/api\/memes\/videos\/[A-Za-z0-9_-]+\.(mp4|gif|webp|jpg)$/;

export function isOwnVideoPath(url: string): boolean {
  return OWN_VIDEO_PATH.test(url);
}

/**
 * The video's bytes by a plain GET (SPEC 7, video download): our own path with the bearer token
 * (or the share id), a URL from another tool without any credentials, since our token must
 * never travel to another origin.
 */
export async function fetchVideoBlob(url: string, shareId?: string, signal?: AbortSignal): Promise<Blob> {
  if (isOwnVideoPath(url)) return (await fetchBlob(url, signal, shareId)).blob;
  const response = await fetch(url, { signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
  if (!response.ok) throw new ApiError(response.status, null, `HTTP ${response.status}`);
  return response.blob();
}
