import {
  startKeyedSearchFake,
  startPageServer,
  startSearxngFake,
  type KeyedSearchFake,
  type PageServer,
  type SearxngFake,
} from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runWebSearch } from '../src/features/web-search/run-web-search.js';
import {
  createSearxngProvider,
  createSerperProvider,
  createTavilyProvider,
} from '../src/features/web-search/search-providers.js';
import type { WebSearchSettings } from '../src/features/web-search/web-search-types.js';

/**
 * Web search's core against local fakes, through the real egress guard: the search service's URL is
 * the administrator's (fetched as is), every page URL a search returns goes through the guard, and
 * only the page server named in `allowedAddresses` may be read although it is on 127.0.0.1.
 */

const ARTICLE = `<!doctype html><html><head><title>Boiling point of water</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Boiling point of water</h1>
<p>Water boils at 100 degrees Celsius at sea level. The boiling point of water depends on the air pressure around it, which is why recipes change in the mountains.</p>
<p>At high altitude the pressure is lower, so water boils at a lower temperature: about 70 degrees Celsius on the summit of Everest. Food takes longer to cook there.</p>
<p>Dissolved salt raises the boiling point slightly, but far less than many cooks believe; a spoon of salt in a pot changes it by a fraction of a degree.</p>
</article><script>window.tracker = 'boiling boiling boiling';</script></body></html>`;

let searx: SearxngFake;
let allowed: PageServer;
let privateServer: PageServer;
let settings: WebSearchSettings;

beforeAll(async () => {
  privateServer = await startPageServer({ '/secret': { html: '<p>internal boiling secrets</p>' } });
  allowed = await startPageServer({
    '/article': { html: ARTICLE },
    '/huge': { hugeBytes: 8 * 1024 * 1024 },
    '/slow': { stall: true },
    '/paper.pdf': { body: '%PDF-1.7 boiling', contentType: 'application/pdf' },
    '/to-private': { redirect: privateServer.urlFor('/secret') },
  });
  searx = await startSearxngFake();
  settings = { allowedAddresses: [allowed.hostPort], maxResults: 10, maxPageBytes: 64 * 1024, scraperTimeout: 5000 };
});

afterAll(async () => {
  await Promise.all([searx?.close(), allowed?.close(), privateServer?.close()]);
});

beforeEach(() => {
  searx.failWith = undefined;
  searx.requests.length = 0;
  allowed.requested.length = 0;
  privateServer.requested.length = 0;
});

const hit = (url: string, title: string, content = '') => ({ url, title, content });

describe('runWebSearch with SearXNG', () => {
  it('searches, reads the allowed pages, refuses private ones and cuts an oversized page off', async () => {
    searx.results = [
      hit(allowed.urlFor('/article'), 'Boiling point of water', 'Water boils at 100 °C'),
      hit(privateServer.urlFor('/secret'), 'Internal', 'boiling secrets snippet'),
      hit(allowed.urlFor('/huge'), 'Huge page'),
      hit(allowed.urlFor('/paper.pdf'), 'A paper'),
      hit(allowed.urlFor('/to-private'), 'Redirecting page'),
      hit(allowed.urlFor('/article'), 'Duplicate of the first'),
    ];
    const provider = createSearxngProvider({ instanceUrl: searx.url });
    const result = await runWebSearch(
      'boiling point of water at altitude',
      { ...settings, safeSearch: 2 },
      { provider },
    );

    expect(searx.requests).toEqual([{ q: 'boiling point of water at altitude', format: 'json', safesearch: '2' }]);
    expect(result.sources.map((s) => [s.index, s.title, s.site, s.read])).toEqual([
      [1, 'Boiling point of water', '127.0.0.1', true],
      [2, 'Internal', '127.0.0.1', false],
      [3, 'Huge page', '127.0.0.1', true],
      [4, 'A paper', '127.0.0.1', false],
      [5, 'Redirecting page', '127.0.0.1', false],
    ]);
    // The private server was never contacted, neither directly nor through the redirect.
    expect(privateServer.requested).toEqual([]);
    expect(allowed.requested.sort()).toEqual(['/article', '/huge', '/paper.pdf', '/to-private']);
    const pageErrors = Object.fromEntries(result.errors.map((e) => [e.url, e.message]));
    expect(pageErrors[privateServer.urlFor('/secret')]).toMatch(/private network addresses are refused/);
    expect(pageErrors[allowed.urlFor('/to-private')]).toMatch(/private network addresses are refused/);
    expect(pageErrors[allowed.urlFor('/paper.pdf')]).toMatch(/not a web page \(application\/pdf\)/);
    expect(result.errors.every((e) => e.kind === 'page')).toBe(true);

    expect(result.sources[2]!.truncated).toBe(true);
    expect(result.sources[0]!.truncated).toBeUndefined();

    // The best passages come from the article, scripts and navigation left out.
    expect(result.passages[0]!.sourceIndex).toBe(1);
    expect(result.passages[0]!.text).toContain('about 70 degrees Celsius on the summit of Everest');
    const all = result.passages.map((p) => p.text).join('\n');
    expect(all).not.toContain('tracker');
    expect(all).not.toContain('internal boiling secrets');
  });

  it('reads a private page only when its host:port is in allowedAddresses', async () => {
    searx.results = [hit(allowed.urlFor('/article'), 'Article', 'boiling snippet')];
    const provider = createSearxngProvider({ instanceUrl: searx.url });
    const result = await runWebSearch('boiling', { ...settings, allowedAddresses: [] }, { provider });
    expect(allowed.requested).toEqual([]);
    expect(result.sources[0]!.read).toBe(false);
    expect(result.errors[0]!.message).toMatch(/private network addresses are refused/);
    expect(result.passages).toEqual([{ sourceIndex: 1, text: 'boiling snippet' }]);
  });

  it('abandons a page that is still loading at scraperTimeout, keeping its snippet', async () => {
    searx.results = [hit(allowed.urlFor('/slow'), 'Slow page', 'boiling snippet from the provider')];
    const provider = createSearxngProvider({ instanceUrl: searx.url });
    const result = await runWebSearch('boiling', { ...settings, scraperTimeout: 150 }, { provider });
    expect(allowed.requested).toEqual(['/slow']);
    expect(result.sources[0]!.read).toBe(false);
    expect(result.errors).toEqual([
      {
        kind: 'page',
        url: allowed.urlFor('/slow'),
        message: `${allowed.urlFor('/slow')} took longer than 150 ms and was abandoned.`,
      },
    ]);
    expect(result.passages).toEqual([{ sourceIndex: 1, text: 'boiling snippet from the provider' }]);
  });

  it('reports a provider answering an error, and one that is down, as an error result', async () => {
    searx.failWith = 503;
    const failing = await runWebSearch('anything', settings, {
      provider: createSearxngProvider({ instanceUrl: searx.url }),
    });
    expect(failing).toEqual({
      query: 'anything',
      sources: [],
      passages: [],
      errors: [{ kind: 'search', message: 'The searxng search service answered 503: failing as scripted.' }],
    });

    const gone = await startSearxngFake();
    const goneUrl = gone.url;
    await gone.close();
    const down = await runWebSearch('anything', settings, {
      provider: createSearxngProvider({ instanceUrl: goneUrl }),
    });
    expect(down.sources).toEqual([]);
    expect(down.errors).toHaveLength(1);
    expect(down.errors[0]!.message).toMatch(/^The searxng search service could not be reached/);
  });

  it('rethrows only the chat’s own abort', async () => {
    searx.results = [hit(allowed.urlFor('/article'), 'Article')];
    const controller = new AbortController();
    controller.abort(new Error('chat stopped'));
    await expect(
      runWebSearch('boiling', settings, {
        provider: createSearxngProvider({ instanceUrl: searx.url }),
        signal: controller.signal,
      }),
    ).rejects.toThrow('chat stopped');
  });
});

describe('keyed providers', () => {
  let serper: KeyedSearchFake;
  let tavily: KeyedSearchFake;
  beforeAll(async () => {
    const results = [hit(allowed.urlFor('/article'), 'Boiling point of water', 'Water boils at 100 °C')];
    serper = await startKeyedSearchFake({ flavour: 'serper', apiKey: 'serper-key', results });
    tavily = await startKeyedSearchFake({ flavour: 'tavily', apiKey: 'tvly-key', results });
  });
  afterAll(async () => {
    await Promise.all([serper?.close(), tavily?.close()]);
  });

  it('searches Serper with X-API-KEY and reads the page it found', async () => {
    const provider = createSerperProvider({ apiKey: 'serper-key', baseUrl: serper.url });
    const result = await runWebSearch('boiling point', { ...settings, safeSearch: 1 }, { provider });
    expect(serper.requests.at(-1)).toEqual({
      apiKey: 'serper-key',
      body: { q: 'boiling point', num: 10, safe: 'active' },
    });
    expect(result.errors).toEqual([]);
    expect(result.sources).toMatchObject([{ index: 1, url: allowed.urlFor('/article'), read: true }]);
    expect(result.passages[0]!.sourceIndex).toBe(1);

    const refused = await runWebSearch('boiling', settings, {
      provider: createSerperProvider({ apiKey: 'wrong', baseUrl: serper.url }),
    });
    expect(refused.errors).toEqual([
      { kind: 'search', message: 'The serper search service answered 403: Unauthorized.' },
    ]);
  });

  it('searches Tavily at tavilySearchUrl with api_key', async () => {
    const provider = createTavilyProvider({ apiKey: 'tvly-key', baseUrl: `${tavily.url}/` });
    const result = await runWebSearch('boiling point', settings, { provider });
    expect(tavily.requests.at(-1)).toEqual({
      apiKey: 'tvly-key',
      body: { api_key: 'tvly-key', query: 'boiling point', max_results: 10, search_depth: 'basic' },
    });
    expect(result.sources).toMatchObject([{ index: 1, title: 'Boiling point of water', read: true }]);

    const refused = await runWebSearch('boiling', settings, {
      provider: createTavilyProvider({ apiKey: 'wrong', baseUrl: tavily.url }),
    });
    expect(refused.errors[0]!.message).toBe(
      'The tavily search service answered 401: {"error":"Unauthorized: missing or invalid API key."}.',
    );
  });
});
