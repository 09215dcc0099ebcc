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

  async all(): Promise<Record<string, string[]>> {
    const entries = await Promise.all(this.catalog.list().map(async (e) => [e.name, await this.forEndpoint(e)] as const));
    return Object.fromEntries(entries);
  }

  private async forEndpoint(endpoint: EndpointDefinition): Promise<string[]> {
    if (!endpoint.fetchModels || !endpoint.baseURL || endpoint.baseURL === 'user_provided' || endpoint.apiKey === 'user_provided') {
      return endpoint.models;
    }
    const cached = this.cache.get(endpoint.name);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.models;
    try {
      const res = await this.fetchImpl(`${endpoint.baseURL.replace(/\/$/, '')}/models`, {
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
