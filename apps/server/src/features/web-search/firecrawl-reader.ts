import { isIP } from 'node:net';
import { EgressError, isPublicAddress } from '../../platform/egress.js';
import { hostPortOf, isEgressRefusal, normaliseHostPort } from './page-fetch.js';
import type { PageReadLimits, PageReadOutcome } from './page-reader.js';

/** Characters of markdown kept from one page: the same bound the built-in reader keeps of text. */
const MAX_TEXT_CHARS = 200_000;

export interface FirecrawlOptions {
  /** The administrator's Firecrawl-compatible service (`firecrawlApiUrl`), trusted as written. */
  apiUrl: string;
  apiKey?: string | undefined;
  /** `webSearch.allowedAddresses`: private pages the service may still be sent to. */
  allowedAddresses?: readonly string[];
  fetch?: typeof fetch;
}

/**
 * The optional scraper of LibreChat's `webSearch` (`scraperType: firecrawl`): the page is read by
 * a Firecrawl-compatible service, `POST {apiUrl}/v1/scrape {url, formats: ['markdown']}` →
 * `{success, data: {markdown, metadata: {title}}}`, instead of fetched here. The service fetches
 * from its own network and resolves names there, so what can be checked here is checked first: a
 * result naming a private or loopback IP, or a local-only name, is refused as the built-in reader
 * refuses it (unless `allowedAddresses` lists it).
 */
export function createFirecrawlReader(options: FirecrawlOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const allowed = new Set((options.allowedAddresses ?? []).map(normaliseHostPort).filter(Boolean));
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/v1/scrape`;
  return async (url: string, limits: PageReadLimits, signal: AbortSignal): Promise<PageReadOutcome> => {
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    try {
      const target = new URL(url);
      if (!allowed.has(hostPortOf(target))) assertNotPrivate(target);
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        signal: AbortSignal.any([signal, timeout]),
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ url, formats: ['markdown'], timeout: limits.timeoutMs }),
      });
      const body = (await response.json().catch(() => undefined)) as
        | { success?: boolean; error?: string; data?: { markdown?: unknown; metadata?: { title?: unknown } } }
        | undefined;
      if (!response.ok || !body?.success)
        return {
          ok: false,
          reason: 'http_error',
          message: `The scraper could not read ${url} (${body?.error ?? response.status}).`,
        };
      const markdown = typeof body.data?.markdown === 'string' ? body.data.markdown.trim() : '';
      if (!markdown) return { ok: false, reason: 'empty', message: `${url} has no readable text.` };
      const title = body.data?.metadata?.title;
      return {
        ok: true,
        finalUrl: url,
        title: typeof title === 'string' ? title : undefined,
        text: markdown.slice(0, MAX_TEXT_CHARS),
        truncated: markdown.length > MAX_TEXT_CHARS,
      };
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err;
      if (isEgressRefusal(err))
        return {
          ok: false,
          reason: 'refused',
          message: `${url} was not read: pages on local and private network addresses are refused.`,
        };
      if (timeout.aborted)
        return {
          ok: false,
          reason: 'timeout',
          message: `${url} took longer than ${limits.timeoutMs} ms and was abandoned.`,
        };
      return { ok: false, reason: 'unreachable', message: `The scraper could not be reached for ${url}.` };
    }
  };
}

/** Refuses a URL whose host is a non-public IP literal or a name that only means this network. */
function assertNotPrivate(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new EgressError('Only http and https URLs are allowed');
  if (url.username || url.password) throw new EgressError('URLs with credentials are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    isIP(host)
      ? !isPublicAddress(host)
      : host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host) || !host.includes('.')
  )
    throw new EgressError(`${url.hostname} is a local address`);
}

export type PageReader = ReturnType<typeof createFirecrawlReader>;
