import { z } from 'zod';

/**
 * LibreChat's `webSearch` section of librechat.yaml (issue 41), its names as they are:
 *
 *   webSearch:
 *     searchProvider: searxng          # searxng | serper | tavily; absent = the one whose URL/key is set
 *     searxngInstanceUrl: ${SEARXNG_INSTANCE_URL}
 *     searxngApiKey: ${SEARXNG_API_KEY}
 *     serperApiKey: ${SERPER_API_KEY}   # `user_provided` (or unset): each user gives their own
 *     tavilyApiKey: ${TAVILY_API_KEY}
 *     tavilySearchUrl: ${TAVILY_SEARCH_URL}
 *     firecrawlApiKey: ${FIRECRAWL_API_KEY}
 *     firecrawlApiUrl: ${FIRECRAWL_API_URL}
 *     scraperType: firecrawl           # firecrawl, or anything else for the built-in reader
 *     rerankerType: semantic           # semantic (default: the embedding model of file search, BM25 without one) | lexical | none | jina | cohere (both rank as semantic here)
 *     safeSearch: 1                    # 0 off, 1 moderate, 2 strict
 *     scraperTimeout: 7500             # ms a page may take
 *     allowedAddresses: ['searxng.internal:8080']
 *
 * Values stay strings here (a `${VAR}` left unresolved means unset); web-search-config.ts turns
 * the section and the env into one resolved setting. LibreChat's keys for services Confab does
 * not call (Jina, Cohere) are accepted so a LibreChat file loads unchanged.
 */
export const webSearchConfigSchema = z
  .object({
    searchProvider: z.enum(['searxng', 'serper', 'tavily']).optional(),
    searxngInstanceUrl: z.string().optional(),
    searxngApiKey: z.string().optional(),
    serperApiKey: z.string().optional(),
    tavilyApiKey: z.string().optional(),
    tavilySearchUrl: z.string().optional(),
    firecrawlApiKey: z.string().optional(),
    firecrawlApiUrl: z.string().optional(),
    firecrawlVersion: z.string().optional(),
    firecrawlOptions: z.record(z.string(), z.unknown()).optional(),
    scraperType: z.string().optional(),
    /** A string, not an enum: an unknown value falls back to lexical with a warning at start. */
    rerankerType: z.string().optional(),
    jinaApiKey: z.string().optional(),
    jinaApiUrl: z.string().optional(),
    cohereApiKey: z.string().optional(),
    safeSearch: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
    scraperTimeout: z.number().int().min(500).max(120_000).default(7500),
    allowedAddresses: z.array(z.string().min(1)).optional(),
  })
  .strict();

export type WebSearchConfig = z.infer<typeof webSearchConfigSchema>;
