import type { AppConfig } from '../config/config-schema.js';
import type { Env } from '../env.js';
import { AppError } from '../platform/errors.js';
import {
  buildAnthropicEndpoint,
  buildAzureEndpoint,
  buildBedrockEndpoint,
  buildGoogleEndpoint,
  buildOpenAIEndpoint,
} from './built-in-endpoints.js';
import { parseEndpointSections } from './endpoint-sections.js';

/** Every endpoint family an adapter exists for (the provider factory switches over these). */
export const ENDPOINT_FAMILIES = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'bedrock', 'custom'] as const;
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
}

export class EndpointCatalog {
  private readonly byName = new Map<string, EndpointDefinition>();

  constructor(env: Env, config: AppConfig) {
    const sections = parseEndpointSections(config.endpoints, env.CONFIG_PATH);
    const builtIns = [
      buildOpenAIEndpoint(env),
      buildAzureEndpoint(env, sections.azureOpenAI),
      buildGoogleEndpoint(env, sections.google),
      buildAnthropicEndpoint(env, sections.anthropic),
      buildBedrockEndpoint(env, sections.bedrock),
    ];
    for (const endpoint of builtIns) if (endpoint) this.byName.set(endpoint.name, endpoint);
    config.endpoints?.custom?.forEach((c, i) => {
      this.byName.set(c.name, {
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
      throw new AppError('validation_error', `Unknown endpoint${name ? `: ${name}` : ''}`, {
        code: 'unknown_endpoint',
      });
    }
    return found;
  }
}
