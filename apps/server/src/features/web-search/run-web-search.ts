import { createPageFetch } from './page-fetch.js';
import { readPage, type PageReadLimits, type PageReadOutcome } from './page-reader.js';
import { rankByMeaning, type EmbedTexts } from './semantic-rank.js';
import type { RerankerType } from './web-search-config.js';
import { rankPassages, splitPassages, type RankablePassage } from './passages.js';
import {
  WebSearchProviderError,
  type SearchHit,
  type SearchProvider,
  type WebSearchIssue,
  type WebSearchResult,
  type WebSearchSettings,
  type WebSearchSource,
} from './web-search-types.js';

export const WEB_SEARCH_DEFAULTS = {
  maxResults: 5,
  scraperTimeout: 7500,
  safeSearch: 1,
  maxPageBytes: 3 * 1024 * 1024,
  pageConcurrency: 4,
  topPassages: 8,
  maxRedirects: 3,
  /** The search itself (not the pages) gets this long before it counts as down. */
  searchTimeoutMs: 15_000,
} as const;

export interface WebSearchDeps {
  provider: SearchProvider;
  /**
   * The fetch pages are read through; by default the egress guard with `settings.allowedAddresses`
   * exempt. Create it once (createPageFetch) where settings are fixed, so its pools are reused.
   */
  pageFetch?: typeof fetch;
  /** The chat's own abort: it is the one thing rethrown. */
  signal?: AbortSignal;
  /** Reads one page instead of the built-in reader (a Firecrawl-compatible scraper). */
  readPage?: (url: string, limits: PageReadLimits, signal: AbortSignal) => Promise<PageReadOutcome>;
  /**
   * How passages are ranked (web-search-config.ts): `semantic` by `embed` when given (BM25 when it
   * is not, or fails), `lexical` by BM25, `none` each source's opening passage unranked.
   */
  reranker?: RerankerType;
  /** The configured embedding model, for the `semantic` ranking. */
  embed?: EmbedTexts | undefined;
}

/** Page fetches by their exemption list, so repeated searches reuse connection pools. */
const pageFetchCache = new Map<string, typeof fetch>();

function defaultPageFetch(allowed: readonly string[]): typeof fetch {
  const key = [...allowed].sort().join('\n');
  let cached = pageFetchCache.get(key);
  if (!cached) {
    cached = createPageFetch(allowed);
    pageFetchCache.set(key, cached);
  }
  return cached;
}

/**
 * Search → read the top pages in parallel (bounded) → rank passages. Every failure of the
 * provider or of a page is reported in `errors` and the rest carries on: a search never throws
 * into the chat, except when the chat itself is aborted (`deps.signal`).
 */
export async function runWebSearch(
  query: string,
  settings: WebSearchSettings,
  deps: WebSearchDeps,
): Promise<WebSearchResult> {
  const signal = deps.signal ?? new AbortController().signal;
  const errors: WebSearchIssue[] = [];
  const hits = await search(query, settings, deps.provider, signal, errors);
  if (!hits) return { query, sources: [], passages: [], errors };

  const sources: WebSearchSource[] = hits.map((hit, i) => ({
    index: i + 1,
    title: hit.title,
    url: hit.url,
    site: siteOf(hit.url),
    snippet: hit.snippet,
    read: false,
  }));
  const toRead = sources.slice(0, settings.maxPagesRead ?? sources.length);
  const pageFetch = deps.pageFetch ?? defaultPageFetch(settings.allowedAddresses ?? []);
  const limits = {
    maxBytes: settings.maxPageBytes ?? WEB_SEARCH_DEFAULTS.maxPageBytes,
    timeoutMs: settings.scraperTimeout ?? WEB_SEARCH_DEFAULTS.scraperTimeout,
    maxRedirects: WEB_SEARCH_DEFAULTS.maxRedirects,
  };
  const outcomes = await mapBounded(
    toRead,
    settings.pageConcurrency ?? WEB_SEARCH_DEFAULTS.pageConcurrency,
    (source) =>
      deps.readPage ? deps.readPage(source.url, limits, signal) : readPage(pageFetch, source.url, limits, signal),
  );
  if (signal.aborted) throw signal.reason;

  const pool: RankablePassage[] = [];
  const firstPassages: RankablePassage[] = [];
  sources.forEach((source, i) => {
    const outcome: PageReadOutcome | undefined = outcomes[i];
    if (outcome?.ok) {
      source.read = true;
      if (outcome.truncated) source.truncated = true;
      const passages = splitPassages(outcome.text).map((text) => ({ sourceIndex: source.index, text }));
      pool.push(...passages);
      if (passages[0]) firstPassages.push(passages[0]);
      return;
    }
    if (outcome) errors.push({ kind: 'page', message: outcome.message, url: source.url });
    // An unread page still has the provider's snippet to rank.
    if (source.snippet) pool.push({ sourceIndex: source.index, text: source.snippet });
  });
  const top = settings.topPassages ?? WEB_SEARCH_DEFAULTS.topPassages;
  const byMeaning =
    deps.reranker === 'semantic' && deps.embed ? await rankByMeaning(query, pool, top, deps.embed, signal) : undefined;
  const ranked = byMeaning ?? (deps.reranker === 'none' ? [] : rankPassages(query, pool, top));
  // No passage shares a word with the query: each source's opening is the best guess left.
  const passages = ranked.length
    ? ranked.map(({ sourceIndex, text }) => ({ sourceIndex, text }))
    : (firstPassages.length ? firstPassages : pool).slice(0, top);
  return { query, sources, passages, errors };
}

async function search(
  query: string,
  settings: WebSearchSettings,
  provider: SearchProvider,
  signal: AbortSignal,
  errors: WebSearchIssue[],
): Promise<SearchHit[] | undefined> {
  const timeout = AbortSignal.timeout(WEB_SEARCH_DEFAULTS.searchTimeoutMs);
  try {
    const hits = await provider.search(query, {
      safeSearch: settings.safeSearch ?? WEB_SEARCH_DEFAULTS.safeSearch,
      signal: AbortSignal.any([signal, timeout]),
    });
    const seen = new Set<string>();
    const unique = hits.filter((h) => !seen.has(h.url) && Boolean(seen.add(h.url)));
    return unique.slice(0, settings.maxResults ?? WEB_SEARCH_DEFAULTS.maxResults);
  } catch (err) {
    if (signal.aborted) throw signal.reason ?? err;
    const message =
      err instanceof WebSearchProviderError
        ? err.message
        : timeout.aborted
          ? `The ${provider.name} search service did not answer within ${WEB_SEARCH_DEFAULTS.searchTimeoutMs / 1000} s.`
          : `The ${provider.name} search failed: ${err instanceof Error ? err.message : String(err)}`;
    errors.push({ kind: 'search', message });
    return undefined;
  }
}

function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}

/** Maps with at most `limit` calls in flight, results in input order. */
async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
