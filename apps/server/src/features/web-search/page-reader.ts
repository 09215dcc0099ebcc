import { isEgressRefusal } from './page-fetch.js';
import { extractReadableText } from './readable-text.js';

/** Bounds on reading one result page. */
export interface PageReadLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export type PageReadOutcome =
  | { ok: true; finalUrl: string; title: string | undefined; text: string; truncated: boolean }
  | { ok: false; reason: 'refused' | 'timeout' | 'http_error' | 'not_html' | 'unreachable' | 'empty'; message: string };

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/**
 * Reads one page through `fetchImpl` (the page fetch: egress guard plus the administrator's
 * exemptions): redirects followed by hand so each hop is checked again, at most `maxBytes` read
 * (the rest is left unread and the page marked truncated), the whole read abandoned after
 * `timeoutMs`. Only HTML is read. Never throws except when `signal` itself aborts.
 */
export async function readPage(
  fetchImpl: typeof fetch,
  url: string,
  limits: PageReadLimits,
  signal: AbortSignal,
): Promise<PageReadOutcome> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return { ok: false, reason: 'refused', message: `${url} is not a valid address.` };
  }
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetchImpl(current, {
        signal: combined,
        redirect: 'manual',
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'user-agent': 'Confab web search' },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location || hop >= limits.maxRedirects)
          return { ok: false, reason: 'http_error', message: `${url} redirects too often.` };
        current = new URL(location, current);
        if (current.protocol !== 'https:' && current.protocol !== 'http:')
          return { ok: false, reason: 'refused', message: `${url} redirects to an address that is not http or https.` };
        continue;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, reason: 'http_error', message: `${current.href} answered ${response.status}.` };
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (!HTML_TYPES.test(contentType)) {
        await response.body.cancel().catch(() => undefined);
        return {
          ok: false,
          reason: 'not_html',
          message: `${current.href} is not a web page (${contentType || 'no type'}).`,
        };
      }
      const { bytes, truncated } = await readUpTo(response.body, limits.maxBytes);
      const html = decode(bytes, contentType);
      const { title, text } = extractReadableText(html);
      if (!text) return { ok: false, reason: 'empty', message: `${current.href} has no readable text.` };
      return { ok: true, finalUrl: current.href, title, text, truncated };
    }
  } catch (err) {
    if (signal.aborted) throw signal.reason ?? err;
    if (isEgressRefusal(err))
      return {
        ok: false,
        reason: 'refused',
        message: `${current.href} was not read: pages on local and private network addresses are refused.`,
      };
    if (timeout.aborted)
      return {
        ok: false,
        reason: 'timeout',
        message: `${current.href} took longer than ${limits.timeoutMs} ms and was abandoned.`,
      };
    return { ok: false, reason: 'unreachable', message: `${current.href} could not be reached.` };
  }
}

/** Reads a body until `limit` bytes, then cancels it: the rest of a huge page is never downloaded. */
async function readUpTo(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks), truncated: false };
      const room = limit - size;
      if (value.byteLength > room) {
        chunks.push(Buffer.from(value.buffer, value.byteOffset, room));
        await reader.cancel().catch(() => undefined);
        return { bytes: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      size += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Decodes by the Content-Type charset when the runtime knows it, else UTF-8. */
function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
