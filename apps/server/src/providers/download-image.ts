import { createGuardedFetch } from '../platform/egress.js';
import { readCapped } from '../platform/read-capped.js';
import { ProviderError } from './types.js';

/** Largest image the server fetches on a vendor's behalf. */
export const MAX_IMAGE_DOWNLOAD_BYTES = 20 * 1024 * 1024;

type DownloadRequest = { url: URL; isUrlSupportedByModel: boolean };
type Downloaded = { data: Uint8Array; mediaType: string | undefined } | null;

let guardedFetch: typeof fetch | undefined;

/**
 * The AI SDK downloads image URLs for vendors that only take bytes (Gemini, Bedrock). Those
 * URLs may come from users, so the download goes through the egress guard (no private
 * addresses, no redirects), is capped in size and must be an image. URLs the vendor fetches
 * itself are passed on unchanged (null).
 */
export function createImageDownload(fetchImpl?: typeof fetch) {
  return async (requests: DownloadRequest[]): Promise<Downloaded[]> =>
    Promise.all(
      requests.map(async ({ url, isUrlSupportedByModel }): Promise<Downloaded> => {
        if (isUrlSupportedByModel) return null;
        const refuse = (reason: string) =>
          new ProviderError(
            'invalid_request_error',
            `The image ${url.href.slice(0, 200)} could not be used: ${reason}`,
          );
        let res: Response;
        try {
          res = await (fetchImpl ?? (guardedFetch ??= createGuardedFetch()))(url, {
            signal: AbortSignal.timeout(15_000),
          });
        } catch (err) {
          throw refuse(err instanceof Error ? err.message : String(err));
        }
        const mediaType = res.headers.get('content-type')?.split(';')[0]?.trim();
        if (!res.ok) throw refuse(`status ${res.status}`);
        if (!mediaType?.startsWith('image/')) throw refuse(`not an image (${mediaType ?? 'no type'})`);
        if (Number(res.headers.get('content-length') ?? 0) > MAX_IMAGE_DOWNLOAD_BYTES) throw refuse('too large');
        const data = res.body ? await readCapped(res.body, MAX_IMAGE_DOWNLOAD_BYTES) : Buffer.alloc(0);
        if (!data) throw refuse('too large');
        return { data: new Uint8Array(data), mediaType };
      }),
    );
}
