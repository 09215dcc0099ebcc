import { DEFAULT_MODELS } from '@confab/shared';
import type { AppConfig } from '../config/config-schema.js';
import type { Env } from '../env.js';
import { AppError } from '../platform/errors.js';

export type EndpointFamily = 'openAI' | 'custom';

/** Everything needed to call one endpoint, resolved from the environment and the YAML config. */
export interface EndpointDefinition {
  name: string;
  family: EndpointFamily;
  apiKey: string;
  baseURL?: string | undefined;
  models: string[];
  /** Also ask the endpoint's own /models (custom endpoints with models.fetch). */
  fetchModels: boolean;
  headers: Record<string, string>;
  addParams: Record<string, unknown>;
  dropParams: string[];
  titleConvo: boolean;
  titleModel?: string | undefined;
  modelDisplayLabel?: string | undefined;
  iconURL?: string | undefined;
  order: number;
}

export const OPENAI_DEFAULT_MODELS = [DEFAULT_MODELS.openAI, 'gpt-4o', 'gpt-4.1', 'gpt-4.1-mini', 'o4-mini', 'o3'];

export class EndpointCatalog {
  private readonly byName = new Map<string, EndpointDefinition>();

  constructor(env: Env, config: AppConfig) {
    if (env.OPENAI_API_KEY) {
      this.byName.set('openAI', {
        name: 'openAI',
        family: 'openAI',
        apiKey: env.OPENAI_API_KEY,
        baseURL: env.OPENAI_REVERSE_PROXY || undefined,
        models: env.OPENAI_MODELS ? env.OPENAI_MODELS.split(',').map((m) => m.trim()).filter(Boolean) : OPENAI_DEFAULT_MODELS,
        fetchModels: false,
        headers: {},
        addParams: {},
        dropParams: [],
        titleConvo: env.TITLE_CONVO ?? true,
        titleModel: env.OPENAI_TITLE_MODEL,
        order: 0,
      });
    }
    config.endpoints?.custom?.forEach((c, i) => {
      this.byName.set(c.name, {
        name: c.name,
        family: 'custom',
        apiKey: c.apiKey,
        baseURL: c.baseURL,
        models: c.models.default,
        fetchModels: c.models.fetch ?? false,
        headers: c.headers ?? {},
        addParams: c.addParams ?? {},
        dropParams: c.dropParams ?? [],
        titleConvo: c.titleConvo ?? false,
        titleModel: c.titleModel,
        modelDisplayLabel: c.modelDisplayLabel,
        iconURL: c.iconURL,
        order: 10 + i,
      });
    });
  }

  find(name: string): EndpointDefinition | undefined {
    return this.byName.get(name);
  }

  list(): EndpointDefinition[] {
    return [...this.byName.values()].sort((a, b) => a.order - b.order);
  }

  /**
   * The endpoint a chat route addresses: `/api/ask/openAI` names it in the path; `/api/ask/custom`
   * names the custom endpoint in the body's `endpoint`.
   */
  resolve(routeEndpoint: string, bodyEndpoint: string | undefined): EndpointDefinition {
    const name = routeEndpoint === 'custom' ? bodyEndpoint : routeEndpoint;
    const found = name ? this.byName.get(name) : undefined;
    if (!found || (routeEndpoint === 'custom' && found.family !== 'custom')) {
      throw new AppError('validation_error', `Unknown endpoint${name ? `: ${name}` : ''}`, { code: 'unknown_endpoint' });
    }
    return found;
  }
}
