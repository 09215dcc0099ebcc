import { z } from 'zod';
import type { EndpointCatalog, EndpointDefinition } from './endpoint-catalog.js';

const modelsResponse = z.object({ data: z.array(z.object({ id: z.string() })) });
const CACHE_MS = 10 * 60 * 1000;

/**
 * Models per endpoint for GET /api/models: the configured list, or for custom endpoints with
 * `models.fetch`, the server's own `/models` (cached 10 min; the configured list on failure).
 * Only administrator-written URLs are fetched here, never a user-supplied one.
 */
export class ModelList {
  private cache = new Map<string, { at: number; models: string[] }>();

  constructor(
    private readonly catalog: EndpointCatalog,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Drops the fetched lists (an endpoint was added, changed or removed at runtime). */
  forget(): void {
    this.cache.clear();
  }

  async all(): Promise<Record<string, string[]>> {
    const entries = await Promise.all(
      this.catalog.list().map(async (e) => [e.name, await this.forEndpoint(e)] as const),
    );
    return Object.fromEntries(entries);
  }

  /**
   * Whether a chat may use this model. Where the administrator named the models, only those, as
   * LibreChat's validateModel checks, so nobody runs a model the administrator did not offer on
   * the administrator's key. An endpoint whose list comes from a server the user names (their
   * own URL or key) can serve models nobody here knows: any is allowed there.
   */
  async offers(endpoint: EndpointDefinition, model: string): Promise<boolean> {
    if (!endpoint.modelsConfigured || endpoint.models.includes(model) || endpoint.models.length === 0) return true;
    if (this.fetchedFrom(endpoint)) return (await this.forEndpoint(endpoint)).includes(model);
    // Fetched with the user's own key or URL (by their browser): their server's models are theirs to use.
    return endpoint.fetchModels;
  }

  /** The base URL of the server whose /models this server asks, when it asks one. */
  private fetchedFrom(endpoint: EndpointDefinition): string | undefined {
    const { baseURL } = endpoint;
    const fetches =
      endpoint.fetchModels && baseURL && baseURL !== 'user_provided' && endpoint.apiKey !== 'user_provided';
    return fetches ? baseURL : undefined;
  }

  private async forEndpoint(endpoint: EndpointDefinition): Promise<string[]> {
    const baseURL = this.fetchedFrom(endpoint);
    if (!baseURL) return endpoint.models;
    const cached = this.cache.get(endpoint.name);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.models;
    try {
      const res = await this.fetchImpl(`${baseURL.replace(/\/$/, '')}/models`, {
        headers: { authorization: `Bearer ${endpoint.apiKey}`, ...endpoint.headers },
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const parsed = modelsResponse.parse(await res.json());
      const models = [...new Set([...endpoint.models, ...parsed.data.map((m) => m.id)])];
      this.cache.set(endpoint.name, { at: Date.now(), models });
      return models;
    } catch {
      return endpoint.models;
    }
  }
}
