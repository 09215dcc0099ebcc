import type { AppConfig } from '../config/config-schema.js';
import type { Env } from '../env.js';
import { AppError } from '../platform/errors.js';
import {
  buildAnthropicEndpoint,
  buildAzureEndpoint,
  buildBedrockEndpoint,
  buildGoogleEndpoint,
  buildOpenAIEndpoint,
  buildPluginsEndpoint,
  PLUGINS_ENDPOINT,
} from './built-in-endpoints.js';
import { parseEndpointSections, type EndpointSections } from './endpoint-sections.js';

/**
 * Every endpoint family an adapter exists for (the provider factory switches over these). `local`
 * is a GGUF model run in this process (node-llama-cpp), shown to clients as a custom endpoint.
 */
export const ENDPOINT_FAMILIES = [
  'openAI',
  'azureOpenAI',
  'anthropic',
  'google',
  'bedrock',
  'custom',
  'local',
] as const;
export type EndpointFamily = (typeof ENDPOINT_FAMILIES)[number];

/** Where one Azure model is deployed. `baseURL` replaces https://{instanceName}.openai.azure.com/openai. */
export interface AzureDeploymentConfig {
  apiKey: string;
  instanceName?: string | undefined;
  deploymentName?: string | undefined;
  apiVersion: string;
  baseURL?: string | undefined;
  headers: Record<string, string>;
}

export interface AzureEndpointSettings {
  /** Deployments of the YAML groups by model; other models use `fallback` (the environment). */
  byModel: Record<string, AzureDeploymentConfig>;
  fallback: AzureDeploymentConfig;
  /** Without a deployment name, the model's name (dots removed) is the deployment. */
  useModelAsDeploymentName: boolean;
}

export interface BedrockEndpointSettings {
  region: string;
  /** Absent when the credentials are user-provided. The secret is the endpoint's apiKey. */
  accessKeyId?: string | undefined;
  sessionToken?: string | undefined;
}

/** Everything needed to call one endpoint, resolved from the environment and the YAML config. */
export interface EndpointDefinition {
  name: string;
  family: EndpointFamily;
  apiKey: string;
  baseURL?: string | undefined;
  models: string[];
  /**
   * The administrator named the models (environment or YAML): chats may use only those (and,
   * with `fetchModels`, the server's own). On the built-in default lists, which stand in for the
   * provider's full list that LibreChat fetches, the provider decides which models exist.
   */
  modelsConfigured: boolean;
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
  azure?: AzureEndpointSettings | undefined;
  bedrock?: BedrockEndpointSettings | undefined;
  /**
   * The endpoint whose configuration this one runs on (LibreChat's Plugins endpoint on openAI's):
   * a user's own key for it is kept under that endpoint's name, as LibreChat's clients keep it,
   * and it is no endpoint of its own to set up.
   */
  derivedFrom?: string | undefined;
}

/** The endpoint type LibreChat's clients see: custom and Local endpoints are both `custom`. */
export function clientEndpointType(endpoint: EndpointDefinition): 'custom' | null {
  return endpoint.family === 'custom' || endpoint.family === 'local' ? 'custom' : null;
}

/** Where an endpoint comes from: the files (.env, config.yaml) win over what the database adds. */
export type EndpointLayer = 'env' | 'config' | 'setup' | 'local';

/**
 * Every endpoint chats can use. Those of .env and config.yaml are fixed at start; the setup
 * screen's (stored in the database) and the Local models' layers are replaced at runtime with
 * `setLayer`, and never take a name the files already give.
 */
export class EndpointCatalog {
  private byName = new Map<string, EndpointDefinition>();
  private readonly fromFiles = new Map<string, EndpointDefinition>();
  private readonly fileSources = new Map<string, 'env' | 'config'>();
  private readonly layers: Record<'setup' | 'local', EndpointDefinition[]> = { setup: [], local: [] };

  constructor(env: Env, config: AppConfig) {
    const sections = parseEndpointSections(config.endpoints, env.CONFIG_PATH);
    const builtIns = [
      buildOpenAIEndpoint(env),
      buildAzureEndpoint(env, sections.azureOpenAI),
      buildGoogleEndpoint(env, sections.google),
      buildAnthropicEndpoint(env, sections.anthropic),
      buildBedrockEndpoint(env, sections.bedrock),
    ];
    for (const endpoint of builtIns) {
      if (!endpoint) continue;
      this.fromFiles.set(endpoint.name, endpoint);
      const hasSection = endpoint.family !== 'openAI' && !!sections[endpoint.family as keyof EndpointSections];
      this.fileSources.set(endpoint.name, hasSection ? 'config' : 'env');
    }
    config.endpoints?.custom?.forEach((c, i) => {
      this.fileSources.set(c.name, 'config');
      this.fromFiles.set(c.name, {
        name: c.name,
        family: 'custom',
        apiKey: c.apiKey,
        baseURL: c.baseURL,
        models: c.models.default,
        modelsConfigured: true,
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
    this.rebuild();
  }

  /** Replaces the endpoints one runtime layer brings (the setup screen's, or the Local models). */
  setLayer(layer: 'setup' | 'local', endpoints: EndpointDefinition[]): void {
    this.layers[layer] = endpoints;
    this.rebuild();
  }

  /** Which file defines this name, if one does: the Admin area says that file wins. */
  fileSourceOf(name: string): 'env' | 'config' | undefined {
    return this.fileSources.get(name);
  }

  private rebuild(): void {
    const next = new Map(this.fromFiles);
    for (const endpoint of [...this.layers.local, ...this.layers.setup]) {
      if (!next.has(endpoint.name)) next.set(endpoint.name, endpoint);
    }
    // Plugins are offered exactly when the OpenAI endpoint they run on is (from any layer).
    const openAI = next.get('openAI');
    if (openAI?.family === 'openAI') next.set(PLUGINS_ENDPOINT, buildPluginsEndpoint(openAI));
    this.byName = next;
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
    const isCustomLike = found?.family === 'custom' || found?.family === 'local';
    if (!found || (routeEndpoint === 'custom' && !isCustomLike)) {
      // The Plugins endpoint exists only beside a configured OpenAI endpoint: the error says so.
      const why = name === PLUGINS_ENDPOINT ? ' (Plugins run on the OpenAI endpoint, which is not configured)' : '';
      throw new AppError('validation_error', `Unknown endpoint${name ? `: ${name}` : ''}${why}`, {
        code: 'unknown_endpoint',
      });
    }
    return found;
  }
}
