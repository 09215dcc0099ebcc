import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally, sendJson } from './provider-sim-server.js';

/**
 * Local stand-ins for web search: a SearXNG-compatible instance (`GET /search?format=json&q=…`
 * answering `{ query, results: [{ title, url, content }] }`, SearXNG's JSON shape) and a page
 * server whose routes a test scripts (HTML, a huge body, a page that never finishes).
 */

export interface SearxngFakeResult {
  title: string;
  url: string;
  content?: string;
}

export interface SearxngFakeRequest {
  q: string;
  format: string | null;
  safesearch: string | null;
}

export interface SearxngFake {
  /** The instance URL for `searxngInstanceUrl` (`http://127.0.0.1:<port>`). */
  url: string;
  /** Results every search answers; a test may swap them. */
  results: SearxngFakeResult[];
  /** Searches received, oldest first. */
  readonly requests: SearxngFakeRequest[];
  /** When set, every search answers this status (SearXNG answers 403 when JSON is off, 429 when limited). */
  failWith: number | undefined;
  close(): Promise<void>;
}

export async function startSearxngFake(options: { results?: SearxngFakeResult[] } = {}): Promise<SearxngFake> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/search') return sendJson(res, 404, { error: 'not found' });
    const q = url.searchParams.get('q') ?? '';
    fake.requests.push({ q, format: url.searchParams.get('format'), safesearch: url.searchParams.get('safesearch') });
    if (fake.failWith) return sendJson(res, fake.failWith, { error: 'failing as scripted' });
    // A real instance without `json` in search.formats answers 403 to format=json.
    if (url.searchParams.get('format') !== 'json') return sendJson(res, 403, { error: 'format not allowed' });
    sendJson(res, 200, {
      query: q,
      number_of_results: fake.results.length,
      results: fake.results.map((r) => ({ ...r, content: r.content ?? '', engine: 'fake', score: 1 })),
    });
  });
  const { origin } = await listenLocally(server, {});
  const fake: SearxngFake = {
    url: origin,
    results: options.results ?? [],
    requests: [],
    failWith: undefined,
    close: () => closeServer(server),
  };
  return fake;
}

export interface KeyedSearchRequest {
  apiKey: string | undefined;
  body: Record<string, unknown>;
}

export interface KeyedSearchFake {
  /** The base URL (Serper's base, or `tavilySearchUrl`); searches go to `POST {url}/search`. */
  url: string;
  results: SearxngFakeResult[];
  readonly requests: KeyedSearchRequest[];
  failWith: number | undefined;
  close(): Promise<void>;
}

/**
 * A keyed search API: `serper` checks `X-API-KEY` and answers `{organic: [{title, link, snippet}]}`;
 * `tavily` checks `api_key` in the body (or a Bearer token) and answers `{results: [{title, url, content}]}`.
 * A wrong key answers 401 / 403 with the provider's error body.
 */
export async function startKeyedSearchFake(options: {
  flavour: 'serper' | 'tavily';
  apiKey: string;
  results?: SearxngFakeResult[];
}): Promise<KeyedSearchFake> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://localhost').pathname !== '/search')
        return sendJson(res, 404, { message: 'not found' });
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { message: 'Invalid JSON' });
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const apiKey =
        options.flavour === 'serper'
          ? (req.headers['x-api-key'] as string | undefined)
          : typeof body.api_key === 'string'
            ? body.api_key
            : bearer;
      fake.requests.push({ apiKey, body });
      if (fake.failWith) return sendJson(res, fake.failWith, { message: 'failing as scripted' });
      if (apiKey !== options.apiKey)
        return options.flavour === 'serper'
          ? sendJson(res, 403, { message: 'Unauthorized.', statusCode: 403 })
          : sendJson(res, 401, { detail: { error: 'Unauthorized: missing or invalid API key.' } });
      if (options.flavour === 'serper')
        return sendJson(res, 200, {
          searchParameters: { q: body.q },
          organic: fake.results.map((r, i) => ({
            title: r.title,
            link: r.url,
            snippet: r.content ?? '',
            position: i + 1,
          })),
        });
      sendJson(res, 200, {
        query: body.query,
        results: fake.results.map((r) => ({ title: r.title, url: r.url, content: r.content ?? '', score: 0.9 })),
      });
    });
  });
  const { origin } = await listenLocally(server, {});
  const fake: KeyedSearchFake = {
    url: origin,
    results: options.results ?? [],
    requests: [],
    failWith: undefined,
    close: () => closeServer(server),
  };
  return fake;
}

/** What a page route answers: a body with its content type, or a scripted behaviour. */
export type FakePage =
  | { html: string }
  | { body: string; contentType: string }
  /** Streams `bytes` of HTML filler (and keeps the connection open past them unless ended). */
  | { hugeBytes: number }
  /** Sends the head and a first chunk, then never finishes. */
  | { stall: true }
  /** Answers 302 to `location`. */
  | { redirect: string };

export interface PageServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `host:port`, as an `allowedAddresses` entry names it. */
  hostPort: string;
  /** Routes by path (`/a`); a test may add more. Unknown paths answer 404. */
  readonly pages: Map<string, FakePage>;
  /** Paths requested, oldest first. */
  readonly requested: string[];
  urlFor(path: string): string;
  close(): Promise<void>;
}

export async function startPageServer(pages: Record<string, FakePage> = {}): Promise<PageServer> {
  const open = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    handle.requested.push(path);
    const page = handle.pages.get(path);
    if (!page) return sendJson(res, 404, { error: 'not found' });
    if ('html' in page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(page.html);
    }
    if ('redirect' in page) {
      res.writeHead(302, { location: page.redirect });
      return void res.end();
    }
    if ('body' in page) {
      res.writeHead(200, { 'content-type': page.contentType });
      return void res.end(page.body);
    }
    open.add(res);
    res.on('close', () => open.delete(res));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write('<html><body><p>');
    if ('stall' in page) return;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    // Writes as the reader drains, so a reader that stops reading stops the stream too.
    const pump = () => {
      while (sent < page.hugeBytes && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('</p></body></html>');
    };
    pump();
  });
  const { origin, port } = await listenLocally(server, {});
  const handle: PageServer = {
    origin,
    hostPort: `127.0.0.1:${port}`,
    pages: new Map(Object.entries(pages)),
    requested: [],
    urlFor: (path) => `${origin}${path}`,
    close: async () => {
      for (const res of open) res.destroy();
      await closeServer(server);
    },
  };
  return handle;
}

export interface FirecrawlFake {
  /** `firecrawlApiUrl`: scrapes go to `POST {url}/v1/scrape`. */
  url: string;
  /** Markdown (and title) by page URL; an unknown URL answers `{success: false}`. */
  readonly pages: Map<string, { markdown: string; title?: string }>;
  /** Scrape requests received: the page URL and the key sent as a Bearer token. */
  readonly requests: { url: string; apiKey: string | undefined; formats: unknown }[];
  close(): Promise<void>;
}

/**
 * A Firecrawl-compatible scraper (LibreChat's `firecrawlApiUrl`): `POST /v1/scrape {url, formats}`
 * answers `{success: true, data: {markdown, metadata: {title, sourceURL}}}`, or 401 with a wrong key.
 */
export async function startFirecrawlFake(options: { apiKey?: string } = {}): Promise<FirecrawlFake> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://localhost').pathname !== '/v1/scrape')
        return sendJson(res, 404, { success: false, error: 'Not found' });
      const apiKey = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      let body: { url?: unknown; formats?: unknown } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return sendJson(res, 400, { success: false, error: 'Invalid JSON' });
      }
      const url = typeof body.url === 'string' ? body.url : '';
      fake.requests.push({ url, apiKey, formats: body.formats });
      if (options.apiKey && apiKey !== options.apiKey)
        return sendJson(res, 401, { success: false, error: 'Unauthorized' });
      const page = fake.pages.get(url);
      if (!page) return sendJson(res, 200, { success: false, error: `Failed to scrape ${url}` });
      sendJson(res, 200, {
        success: true,
        data: { markdown: page.markdown, metadata: { title: page.title ?? '', sourceURL: url, statusCode: 200 } },
      });
    });
  });
  const { origin } = await listenLocally(server, {});
  const fake: FirecrawlFake = { url: origin, pages: new Map(), requests: [], close: () => closeServer(server) };
  return fake;
}

function closeServer(server: ReturnType<typeof createServer>): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
