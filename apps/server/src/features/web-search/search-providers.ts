import {
  WebSearchProviderError,
  type SafeSearchLevel,
  type SearchHit,
  type SearchOptions,
  type SearchProvider,
} from './web-search-types.js';

/**
 * The three search backends of LibreChat's `webSearch` section. Their URLs are the
 * administrator's (librechat.yaml / env), not a user's, so they are fetched with the plain fetch:
 * a self-hosted SearXNG usually lives on a private address.
 */

/** A provider answer is small; a bigger one is refused rather than buffered. */
const MAX_ANSWER_CHARS = 2 * 1024 * 1024;
/** Hits asked for; the caller keeps its own top N. */
const HITS_WANTED = 10;

type FetchLike = typeof fetch;

async function callProvider(
  provider: SearchProvider['name'],
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal, redirect: 'error' });
  } catch (err) {
    if (signal.aborted) throw signal.reason ?? err;
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    throw new WebSearchProviderError(
      provider,
      'unreachable',
      `The ${provider} search service could not be reached${cause}.`,
    );
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new WebSearchProviderError(
      provider,
      'http_error',
      `The ${provider} search service answered ${response.status}${describeError(text)}.`,
      response.status,
    );
  }
  if (text.length > MAX_ANSWER_CHARS)
    throw new WebSearchProviderError(provider, 'bad_response', `The ${provider} search service answered too much.`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WebSearchProviderError(provider, 'bad_response', `The ${provider} search service did not answer JSON.`);
  }
}

/** A provider's own error text (`{error}`, `{message}`, `{detail}`), kept short. */
function describeError(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const detail = body.error ?? body.message ?? body.detail;
    const message =
      typeof detail === 'string' ? detail : typeof detail === 'object' && detail ? JSON.stringify(detail) : '';
    const short = message.slice(0, 200).replace(/[.\s]+$/, '');
    return short ? `: ${short}` : '';
  } catch {
    return '';
  }
}

function hitsFrom(
  provider: SearchProvider['name'],
  body: unknown,
  listKey: string,
  pick: (item: Record<string, unknown>) => { title: unknown; url: unknown; snippet: unknown },
): SearchHit[] {
  const list = body && typeof body === 'object' ? (body as Record<string, unknown>)[listKey] : undefined;
  if (!Array.isArray(list))
    throw new WebSearchProviderError(
      provider,
      'bad_response',
      `The ${provider} search service answered without "${listKey}".`,
    );
  const hits: SearchHit[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { title, url, snippet } = pick(item as Record<string, unknown>);
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) continue;
    hits.push({
      title: typeof title === 'string' && title.trim() ? title.trim() : url,
      url,
      snippet: typeof snippet === 'string' ? snippet.trim() : '',
    });
  }
  return hits;
}

/** SearXNG's JSON API: `GET {instance}/search?q=…&format=json&safesearch=0|1|2` → `{results: [{title, url, content}]}`. */
export function createSearxngProvider(options: {
  instanceUrl: string;
  apiKey?: string;
  fetch?: FetchLike;
}): SearchProvider {
  const fetchImpl = options.fetch ?? fetch;
  return {
    name: 'searxng',
    async search(query: string, { safeSearch, signal }: SearchOptions) {
      const url = new URL(
        'search',
        options.instanceUrl.endsWith('/') ? options.instanceUrl : `${options.instanceUrl}/`,
      );
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      url.searchParams.set('safesearch', String(safeSearch));
      // LibreChat's `searxngApiKey`, for instances behind a key-checking proxy.
      const headers: Record<string, string> = { accept: 'application/json' };
      if (options.apiKey) headers['x-api-key'] = options.apiKey;
      const body = await callProvider('searxng', fetchImpl, url.href, { method: 'GET', headers }, signal);
      return hitsFrom('searxng', body, 'results', (r) => ({ title: r.title, url: r.url, snippet: r.content }));
    },
  };
}

/** Serper's `safe` is Google's on/off switch: moderate and strict both turn it on. */
function serperSafe(level: SafeSearchLevel): string {
  return level >= 1 ? 'active' : 'off';
}

/** Serper: `POST {base}/search` with `X-API-KEY`, `{q, num, safe}` → `{organic: [{title, link, snippet}]}`. */
export function createSerperProvider(options: { apiKey: string; baseUrl?: string; fetch?: FetchLike }): SearchProvider {
  const fetchImpl = options.fetch ?? fetch;
  const base = (options.baseUrl ?? 'https://google.serper.dev').replace(/\/+$/, '');
  return {
    name: 'serper',
    async search(query: string, { safeSearch, signal }: SearchOptions) {
      const body = await callProvider(
        'serper',
        fetchImpl,
        `${base}/search`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey },
          body: JSON.stringify({ q: query, num: HITS_WANTED, safe: serperSafe(safeSearch) }),
        },
        signal,
      );
      return hitsFrom('serper', body, 'organic', (r) => ({ title: r.title, url: r.link, snippet: r.snippet }));
    },
  };
}

/**
 * Tavily: `POST {tavilySearchUrl}/search` with `{api_key, query, max_results, search_depth}` →
 * `{results: [{title, url, content}]}`; the key also goes as a Bearer token, which Tavily's
 * current API prefers. Tavily has no safe-search switch.
 */
export function createTavilyProvider(options: { apiKey: string; baseUrl?: string; fetch?: FetchLike }): SearchProvider {
  const fetchImpl = options.fetch ?? fetch;
  const base = (options.baseUrl ?? 'https://api.tavily.com').replace(/\/+$/, '');
  return {
    name: 'tavily',
    async search(query: string, { signal }: SearchOptions) {
      const body = await callProvider(
        'tavily',
        fetchImpl,
        `${base}/search`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
          body: JSON.stringify({ api_key: options.apiKey, query, max_results: HITS_WANTED, search_depth: 'basic' }),
        },
        signal,
      );
      return hitsFrom('tavily', body, 'results', (r) => ({ title: r.title, url: r.url, snippet: r.content }));
    },
  };
}
