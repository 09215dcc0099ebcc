import type { ManagedEndpointFamily } from '@confab/shared';
import { DEFAULT_AZURE_API_VERSION } from '../../providers/built-in-endpoints.js';
import {
  ANTHROPIC_DEFAULT_MODELS,
  AZURE_DEFAULT_MODELS,
  BEDROCK_DEFAULT_MODELS,
  GOOGLE_DEFAULT_MODELS,
  OPENAI_DEFAULT_MODELS,
} from '../../providers/default-models.js';
import type { EndpointDefinition } from '../../providers/endpoint-catalog.js';

/** The family's own fields as the `settings` column keeps them. */
export interface StoredEndpointSettings {
  titleConvo?: boolean;
  azure?: { instanceName: string; deploymentName?: string | undefined; apiVersion?: string | undefined };
  bedrock?: { region: string; accessKeyId: string };
}

/** A stored endpoint with its key decrypted: what the catalog needs to call it. */
export interface StoredEndpoint {
  id: string;
  name: string;
  family: ManagedEndpointFamily;
  baseURL?: string | undefined;
  apiKey: string;
  models: string[];
  fetchModels: boolean;
  settings: StoredEndpointSettings;
}

const DEFAULT_MODELS: Record<ManagedEndpointFamily, string[]> = {
  openAI: OPENAI_DEFAULT_MODELS,
  azureOpenAI: AZURE_DEFAULT_MODELS,
  anthropic: ANTHROPIC_DEFAULT_MODELS,
  google: GOOGLE_DEFAULT_MODELS,
  bedrock: BEDROCK_DEFAULT_MODELS,
  custom: [],
};

/** Setup-screen endpoints come after those of the files in the model selector. */
const ORDER_BASE = 100;

/**
 * The catalog's definition of a stored endpoint, as .env or config.yaml would have given it: the
 * administrator's model list (or the family's defaults), the key, and the family's settings.
 */
export function toEndpointDefinition(stored: StoredEndpoint, index: number): EndpointDefinition {
  const models = stored.models.length > 0 ? stored.models : DEFAULT_MODELS[stored.family];
  const definition: EndpointDefinition = {
    name: stored.name,
    family: stored.family,
    apiKey: stored.apiKey,
    baseURL: stored.baseURL,
    models,
    modelsConfigured: stored.models.length > 0,
    fetchModels: stored.family === 'custom' && (stored.fetchModels || stored.models.length === 0),
    headers: {},
    addParams: {},
    dropParams: [],
    titleConvo: stored.settings.titleConvo ?? true,
    order: ORDER_BASE + index,
  };
  const { azure, bedrock } = stored.settings;
  if (stored.family === 'azureOpenAI') {
    definition.azure = {
      byModel: {},
      fallback: {
        apiKey: stored.apiKey,
        instanceName: azure?.instanceName,
        deploymentName: azure?.deploymentName,
        apiVersion: azure?.apiVersion || DEFAULT_AZURE_API_VERSION,
        baseURL: stored.baseURL,
        headers: {},
      },
      useModelAsDeploymentName: !azure?.deploymentName,
    };
  }
  if (stored.family === 'bedrock' && bedrock) {
    definition.bedrock = { region: bedrock.region, accessKeyId: bedrock.accessKeyId };
  }
  return definition;
}
