/**
 * Shapes of web search (issue 41), named after LibreChat's `webSearch` section of librechat.yaml
 * (`searxngInstanceUrl`, `serperApiKey`, `tavilyApiKey`, `tavilySearchUrl`, `safeSearch`,
 * `scraperTimeout`, `allowedAddresses`) so a later config schema can pass them through as they are.
 */

/** LibreChat's `safeSearch`: 0 off, 1 moderate (its default), 2 strict. */
export type SafeSearchLevel = 0 | 1 | 2;

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export interface SearchOptions {
  safeSearch: SafeSearchLevel;
  signal: AbortSignal;
}

/** One search backend; every failure is thrown as a WebSearchProviderError. */
export interface SearchProvider {
  readonly name: 'searxng' | 'serper' | 'tavily';
  search(query: string, options: SearchOptions): Promise<SearchHit[]>;
}

export type WebSearchProviderFailure = 'unreachable' | 'http_error' | 'bad_response' | 'timeout';

/** The search provider is down or refused the search: the chat goes on without results. */
export class WebSearchProviderError extends Error {
  constructor(
    readonly provider: SearchProvider['name'],
    readonly failure: WebSearchProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WebSearchProviderError';
  }
}

export interface WebSearchSettings {
  /** How many hits are kept from the search (LibreChat reads the top results; default 5). */
  maxResults?: number;
  /** How many of those pages are read (default: all kept hits). */
  maxPagesRead?: number;
  /** LibreChat's `scraperTimeout` in ms: a page still loading after it is abandoned (default 7500). */
  scraperTimeout?: number;
  safeSearch?: SafeSearchLevel;
  /** Bytes read from one page at most; reading stops past it (default 3 MB). */
  maxPageBytes?: number;
  /** Pages read at once (default 4). */
  pageConcurrency?: number;
  /** Passages handed to the model (default 8). */
  topPassages?: number;
  /**
   * LibreChat's `webSearch.allowedAddresses`: private `host:port` pairs an administrator lets page
   * reading reach (an exact host and port match); every other address goes through the egress guard.
   */
  allowedAddresses?: readonly string[];
}

export interface WebSearchSource {
  /** 1-based, the number the model cites as [n]. */
  index: number;
  title: string;
  url: string;
  /** The host name without `www.`. */
  site: string;
  /** The provider's snippet, used when the page could not be read. */
  snippet: string;
  /** Whether the page's text was read. */
  read: boolean;
  /** The page was longer than the size cap: only its beginning was read. */
  truncated?: boolean;
}

export interface WebSearchPassage {
  sourceIndex: number;
  text: string;
}

export interface WebSearchIssue {
  /** `search`: the provider failed (nothing found); `page`: one page was not read. */
  kind: 'search' | 'page';
  message: string;
  url?: string;
}

export interface WebSearchResult {
  query: string;
  sources: WebSearchSource[];
  passages: WebSearchPassage[];
  errors: WebSearchIssue[];
}
