import type { WebSearchConfig } from '../../config/web-search-config-schema.js';
import type { Env } from '../../env.js';
import type { ToolAuthField } from '../tools/tool-types.js';
import { createSearxngProvider, createSerperProvider, createTavilyProvider } from './search-providers.js';
import type { SafeSearchLevel, SearchProvider, WebSearchSettings } from './web-search-types.js';

type ProviderName = SearchProvider['name'];
/**
 * `semantic`: by the embedding model file search is configured with (RAG_OPENAI_API_KEY or
 * EMBEDDINGS_PROVIDER=ollama), BM25 without one; `lexical`: BM25 only; `none`: unranked.
 */
export type RerankerType = 'none' | 'lexical' | 'semantic';

/** LibreChat's marker for a value each user supplies. */
const USER_PROVIDED = 'user_provided';

/**
 * Web search as configured: the section of librechat.yaml over LibreChat's env names, every
 * value resolved once at start. `undefined` from resolveWebSearch means no provider: no tool.
 */
export interface ResolvedWebSearch {
  provider: ProviderName;
  /** The provider needs a key the administrator left to each user (the tool's `auth`). */
  auth: ToolAuthField[] | undefined;
  /** The search backend, with the user's own credentials when `auth` asks for them. */
  providerFor(credentials: Record<string, string> | undefined): SearchProvider;
  settings: WebSearchSettings;
  reranker: RerankerType;
  /** A Firecrawl-compatible scraper reads the pages instead of the built-in reader. */
  firecrawl: { apiUrl: string; apiKey: string | undefined } | undefined;
  /** Said once at start (an unknown rerankerType, a scraper without its URL). */
  warnings: string[];
}

const ENV_NAMES = [
  'SEARXNG_INSTANCE_URL',
  'SEARXNG_API_KEY',
  'SERPER_API_KEY',
  'TAVILY_API_KEY',
  'TAVILY_SEARCH_URL',
  'FIRECRAWL_API_KEY',
  'FIRECRAWL_API_URL',
] as const;
type EnvNames = Partial<Pick<Env, (typeof ENV_NAMES)[number]>>;

/** The credential field names each user fills in (LibreChat's auth field names: the env names). */
const KEY_FIELDS: Record<Exclude<ProviderName, 'searxng'>, ToolAuthField> = {
  serper: {
    authField: 'SERPER_API_KEY',
    label: 'Serper API key',
    description: 'Your key for the Serper search API (serper.dev)',
  },
  tavily: {
    authField: 'TAVILY_API_KEY',
    label: 'Tavily API key',
    description: 'Your key for the Tavily search API (tavily.com)',
  },
};

/**
 * A value as given; blank counts as absent. A `${VAR}` the config loader left unresolved (not in
 * the process environment) is read from the server's env when it is one of the web search names
 * (as the server is started with them), else it is absent.
 */
function givenIn(env: EnvNames) {
  return (value: string | undefined): string | undefined => {
    const trimmed = value?.trim();
    if (!trimmed) return undefined;
    const name = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(trimmed)?.[1];
    if (name === undefined) return trimmed;
    return (ENV_NAMES as readonly string[]).includes(name)
      ? env[name as keyof EnvNames]?.trim() || undefined
      : undefined;
  };
}

export function resolveWebSearch(section: WebSearchConfig | undefined, env: EnvNames): ResolvedWebSearch | undefined {
  const given = givenIn(env);
  // As LibreChat: without the section, its env names still configure search.
  const pick = (fromConfig: string | undefined, fromEnv: string | undefined) =>
    section ? given(fromConfig) : given(fromEnv);
  const searxngUrl = pick(section?.searxngInstanceUrl, env.SEARXNG_INSTANCE_URL);
  const searxngKey = pick(section?.searxngApiKey, env.SEARXNG_API_KEY);
  const serperKey = given(section ? section.serperApiKey : env.SERPER_API_KEY);
  const tavilyKey = given(section ? section.tavilyApiKey : env.TAVILY_API_KEY);
  const tavilyUrl = pick(section?.tavilySearchUrl, env.TAVILY_SEARCH_URL);
  const firecrawlUrl = pick(section?.firecrawlApiUrl, env.FIRECRAWL_API_URL);
  const firecrawlKey = pick(section?.firecrawlApiKey, env.FIRECRAWL_API_KEY);

  const provider: ProviderName | undefined =
    section?.searchProvider ?? (searxngUrl ? 'searxng' : serperKey ? 'serper' : tavilyKey ? 'tavily' : undefined);
  if (!provider) return undefined;
  if (provider === 'searxng' && !searxngUrl) return undefined;

  const warnings: string[] = [];
  const adminKey = provider === 'serper' ? serperKey : provider === 'tavily' ? tavilyKey : undefined;
  // A keyed provider chosen with its key unset or `user_provided`: each user gives their own.
  const userKey = provider !== 'searxng' && (adminKey === undefined || adminKey === USER_PROVIDED);
  const auth = userKey ? [KEY_FIELDS[provider as Exclude<ProviderName, 'searxng'>]] : undefined;

  const providerFor = (credentials: Record<string, string> | undefined): SearchProvider => {
    if (provider === 'searxng') return createSearxngProvider({ instanceUrl: searxngUrl ?? '', apiKey: searxngKey });
    const key = userKey ? (credentials?.[KEY_FIELDS[provider].authField] ?? '') : (adminKey as string);
    return provider === 'serper'
      ? createSerperProvider({ apiKey: key })
      : createTavilyProvider({ apiKey: key, ...(tavilyUrl ? { baseUrl: tavilyUrl } : {}) });
  };

  // LibreChat's rerankers are outside services (Jina, Cohere); here the configured embedding
  // model ranks by meaning, or BM25 without one.
  const rerankerType = section?.rerankerType;
  let reranker: RerankerType = 'semantic';
  if (rerankerType === 'none' || rerankerType === 'lexical') reranker = rerankerType;
  else if (rerankerType === 'jina' || rerankerType === 'cohere')
    warnings.push(
      `webSearch.rerankerType "${rerankerType}": no outside reranking service is called; passages are ranked by the configured embedding model, or lexically (BM25) without one.`,
    );
  else if (rerankerType !== undefined && rerankerType !== 'semantic')
    warnings.push(
      `webSearch.rerankerType "${rerankerType}" is not known (semantic, lexical, none, jina, cohere); passages are ranked by the configured embedding model, or lexically (BM25) without one.`,
    );

  const scraperType = section?.scraperType;
  const wantsFirecrawl = scraperType === 'firecrawl' || (scraperType === undefined && Boolean(firecrawlUrl));
  let firecrawl: ResolvedWebSearch['firecrawl'];
  if (wantsFirecrawl) {
    if (firecrawlUrl)
      firecrawl = {
        apiUrl: firecrawlUrl.replace(/\/+$/, ''),
        apiKey: firecrawlKey === USER_PROVIDED ? undefined : firecrawlKey,
      };
    else
      warnings.push(
        'webSearch.scraperType "firecrawl" needs firecrawlApiUrl (FIRECRAWL_API_URL); pages are read by the built-in reader.',
      );
  }

  const safeSearch: SafeSearchLevel = section?.safeSearch ?? 1;
  return {
    provider,
    auth,
    providerFor,
    settings: {
      safeSearch,
      scraperTimeout: section?.scraperTimeout ?? 7500,
      allowedAddresses: section?.allowedAddresses ?? [],
    },
    reranker,
    firecrawl,
    warnings,
  };
}
