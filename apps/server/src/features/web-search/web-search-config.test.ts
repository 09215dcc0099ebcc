import { describe, expect, it } from 'vitest';
import { webSearchConfigSchema } from '../../config/web-search-config-schema.js';
import { resolveWebSearch } from './web-search-config.js';

const section = (raw: Record<string, unknown>) => webSearchConfigSchema.parse(raw);

describe('resolveWebSearch', () => {
  it('is off without a provider, and with SearXNG chosen but no instance URL', () => {
    expect(resolveWebSearch(undefined, {})).toBeUndefined();
    expect(resolveWebSearch(section({ searchProvider: 'searxng' }), {})).toBeUndefined();
  });

  it('reads LibreChat env names when the section is absent, and only then', () => {
    const fromEnv = resolveWebSearch(undefined, { SEARXNG_INSTANCE_URL: 'http://searx:8080' });
    expect(fromEnv).toMatchObject({ provider: 'searxng', auth: undefined, reranker: 'semantic', warnings: [] });
    expect(fromEnv?.settings).toEqual({ safeSearch: 1, scraperTimeout: 7500, allowedAddresses: [] });
    // A section that names none of them leaves the env alone.
    expect(resolveWebSearch(section({ safeSearch: 2 }), { SEARXNG_INSTANCE_URL: 'http://searx:8080' })).toBeUndefined();
  });

  it('infers the provider from the key set, and asks each user for a key left unset or user_provided', () => {
    expect(resolveWebSearch(section({ serperApiKey: 'k' }), {})).toMatchObject({ provider: 'serper', auth: undefined });
    expect(resolveWebSearch(section({ tavilyApiKey: 'user_provided' }), {})?.auth).toEqual([
      expect.objectContaining({ authField: 'TAVILY_API_KEY' }),
    ]);
    // `${SERPER_API_KEY}` unresolved and not in the env: unset, so each user brings one.
    expect(
      resolveWebSearch(section({ searchProvider: 'serper', serperApiKey: '${SERPER_API_KEY}' }), {})?.auth,
    ).toEqual([expect.objectContaining({ authField: 'SERPER_API_KEY' })]);
    expect(
      resolveWebSearch(section({ serperApiKey: '${SERPER_API_KEY}' }), { SERPER_API_KEY: 'from-env' })?.auth,
    ).toBeUndefined();
  });

  it('ranks by meaning unless told lexical or none, with a warning for a reranker it does not run', () => {
    const base = { searxngInstanceUrl: 'http://searx' };
    expect(resolveWebSearch(section({ ...base, rerankerType: 'none' }), {})).toMatchObject({
      reranker: 'none',
      warnings: [],
    });
    expect(resolveWebSearch(section({ ...base, rerankerType: 'lexical' }), {})?.reranker).toBe('lexical');
    expect(resolveWebSearch(section({ ...base, rerankerType: 'jina' }), {})).toMatchObject({
      reranker: 'semantic',
      warnings: [expect.stringMatching(/no outside reranking service/)],
    });
    expect(resolveWebSearch(section({ ...base, rerankerType: 'magic' }), {})?.warnings[0]).toMatch(
      /"magic" is not known/,
    );
  });

  it('uses the Firecrawl-compatible scraper when its URL is given', () => {
    expect(
      resolveWebSearch(section({ searxngInstanceUrl: 'http://s', firecrawlApiUrl: 'http://fc/' }), {})?.firecrawl,
    ).toEqual({
      apiUrl: 'http://fc',
      apiKey: undefined,
    });
    const missing = resolveWebSearch(section({ searxngInstanceUrl: 'http://s', scraperType: 'firecrawl' }), {});
    expect(missing?.firecrawl).toBeUndefined();
    expect(missing?.warnings[0]).toMatch(/needs firecrawlApiUrl/);
  });

  it('refuses a mistyped key in the section', () => {
    expect(() => section({ searxngInstanceURL: 'http://s' })).toThrow();
  });
});
