import { EgressError } from '../../platform/egress.js';
import { readCapped } from '../../platform/read-capped.js';
import { MemeSourceError } from './meme-sources.js';

/** Bounds on a remote picture the server fetches for a meme. */
export const REMOTE_SOURCE_LIMITS = {
  /** Bytes read at most; counted while streaming, whatever Content-Length claims. */
  maxBytes: 20 * 1024 * 1024,
  timeoutMs: 15_000,
  /** Each hop goes through the egress guard again. */
  maxRedirects: 3,
} as const;

const tooLarge = () =>
  new MemeSourceError(
    `The picture is larger than ${REMOTE_SOURCE_LIMITS.maxBytes / 1024 / 1024} MB; use a smaller one.`,
  );

/** Whether `err` (or what it wraps: undici reports a refused connect as `fetch failed` with a cause) is the egress guard's refusal. */
function isEgressRefusal(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof EgressError || e.name === 'EgressError') return true;
  }
  return false;
}

/**
 * Fetches a remote picture's bytes through `fetchImpl` (the egress guard in production): within
 * a timeout that also follows `signal`, a few redirects each re-checked, and a byte limit. Every
 * failure the model can do something about is a MemeSourceError (`finalUrl`: where the redirects led); an abort of `signal` is
 * rethrown as it is, so the tool stops.
 */
export async function fetchRemotePicture(
  fetchImpl: typeof fetch,
  url: URL,
  signal: AbortSignal,
): Promise<{ data: Buffer; finalUrl: URL }> {
  const timeout = AbortSignal.timeout(REMOTE_SOURCE_LIMITS.timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetchImpl(current, {
        signal: combined,
        redirect: 'manual',
        headers: { accept: 'image/png,image/jpeg,image/webp,image/gif;q=0.9,*/*;q=0.1' },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location || hop >= REMOTE_SOURCE_LIMITS.maxRedirects)
          throw new MemeSourceError(`${url.href} redirects too often; give the picture's direct address.`);
        current = new URL(location, current);
        if (current.protocol !== 'https:' && current.protocol !== 'http:')
          throw new MemeSourceError(`${url.href} redirects to an address that is not http or https.`);
        continue;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw new MemeSourceError(`${url.href} answered ${response.status}: the picture could not be downloaded.`);
      }
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > REMOTE_SOURCE_LIMITS.maxBytes) {
        await response.body.cancel().catch(() => undefined);
        throw tooLarge();
      }
      const data = await readCapped(response.body, REMOTE_SOURCE_LIMITS.maxBytes);
      if (!data) throw tooLarge();
      return { data, finalUrl: current };
    }
  } catch (err) {
    if (signal.aborted) throw signal.reason ?? err;
    if (err instanceof MemeSourceError) throw err;
    if (isEgressRefusal(err))
      throw new MemeSourceError(
        `${url.href} is not allowed: the server fetches pictures only from public internet addresses (local and private networks are refused).`,
      );
    if (timeout.aborted)
      throw new MemeSourceError(`${url.href} took longer than ${REMOTE_SOURCE_LIMITS.timeoutMs / 1000} s to download.`);
    // undici says only "fetch failed"; the reason (refused, DNS, TLS) is its cause.
    const reason = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    throw new MemeSourceError(`${url.href} could not be reached (${reason}).`);
  }
}
