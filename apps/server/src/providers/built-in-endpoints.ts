import type { Env } from '../env.js';
import {
  ANTHROPIC_DEFAULT_MODELS,
  AZURE_DEFAULT_MODELS,
  BEDROCK_DEFAULT_MODELS,
  GOOGLE_DEFAULT_MODELS,
  OPENAI_DEFAULT_MODELS,
  parseModelList,
} from './default-models.js';
import type { AzureDeploymentConfig, AzureEndpointSettings, EndpointDefinition } from './endpoint-catalog.js';
import type { AzureGroupConfig, EndpointSections } from './endpoint-sections.js';

/** A GA api-version of Azure OpenAI chat completions, used when none is configured. */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

const USER_PROVIDED = 'user_provided';

const base = (name: EndpointDefinition['family'], apiKey: string, order: number) => ({
  name,
  family: name,
  apiKey,
  fetchModels: false,
  headers: {},
  addParams: {},
  dropParams: [],
  order,
});

/** Whether an environment variable names any model (else the defaults are offered). */
const names = (value: string | undefined) => parseModelList(value, []).length > 0;

export function buildOpenAIEndpoint(env: Env): EndpointDefinition | undefined {
  if (!env.OPENAI_API_KEY) return undefined;
  return {
    ...base('openAI', env.OPENAI_API_KEY, 0),
    baseURL: env.OPENAI_REVERSE_PROXY || undefined,
    models: parseModelList(env.OPENAI_MODELS, OPENAI_DEFAULT_MODELS),
    modelsConfigured: names(env.OPENAI_MODELS),
    titleConvo: env.TITLE_CONVO ?? true,
    titleModel: env.OPENAI_TITLE_MODEL,
  };
}

/**
 * LibreChat's Plugins endpoint (gptPlugins, deprecated there but still offered by its clients):
 * the OpenAI endpoint's key, URL and models under its own name, listed after the built-in
 * families. Its chats run the agents' tool loop over the user's installed plugins.
 */
export const PLUGINS_ENDPOINT = 'gptPlugins';

export function buildPluginsEndpoint(openAI: EndpointDefinition): EndpointDefinition {
  return { ...openAI, name: PLUGINS_ENDPOINT, order: openAI.order + 5, derivedFrom: openAI.name };
}

/** Azure deployments of the YAML groups, by model name. */
function deploymentsOfGroups(groups: AzureGroupConfig[]): Record<string, AzureDeploymentConfig> {
  const byModel: Record<string, AzureDeploymentConfig> = {};
  for (const group of groups) {
    for (const [model, setting] of Object.entries(group.models)) {
      if (setting === false) continue;
      const own = typeof setting === 'object' ? setting : {};
      byModel[model] = {
        apiKey: group.apiKey,
        instanceName: group.instanceName,
        deploymentName: own.deploymentName ?? group.deploymentName,
        apiVersion: own.version ?? group.version ?? DEFAULT_AZURE_API_VERSION,
        baseURL: group.baseURL,
        headers: group.additionalHeaders ?? {},
      };
    }
  }
  return byModel;
}

export function buildAzureEndpoint(env: Env, section: EndpointSections['azureOpenAI']): EndpointDefinition | undefined {
  const byModel = section ? deploymentsOfGroups(section.groups) : {};
  const groupModels = Object.keys(byModel);
  if (!env.AZURE_API_KEY && !groupModels.length) return undefined;
  const firstGroup = section?.groups[0];
  const fallback: AzureDeploymentConfig = {
    apiKey: env.AZURE_API_KEY ?? firstGroup?.apiKey ?? '',
    instanceName: env.AZURE_OPENAI_API_INSTANCE_NAME || firstGroup?.instanceName,
    deploymentName: env.AZURE_OPENAI_API_DEPLOYMENT_NAME || firstGroup?.deploymentName,
    apiVersion: env.AZURE_OPENAI_API_VERSION || firstGroup?.version || DEFAULT_AZURE_API_VERSION,
    baseURL: env.AZURE_OPENAI_BASEURL || firstGroup?.baseURL,
    headers: firstGroup?.additionalHeaders ?? {},
  };
  const azure: AzureEndpointSettings = {
    byModel,
    fallback,
    useModelAsDeploymentName: env.AZURE_USE_MODEL_AS_DEPLOYMENT_NAME ?? false,
  };
  return {
    ...base('azureOpenAI', fallback.apiKey, 1),
    models:
      section?.models ??
      (groupModels.length ? groupModels : parseModelList(env.AZURE_OPENAI_MODELS, AZURE_DEFAULT_MODELS)),
    modelsConfigured: Boolean(section?.models) || groupModels.length > 0 || names(env.AZURE_OPENAI_MODELS),
    titleConvo: section?.titleConvo ?? env.TITLE_CONVO ?? true,
    titleModel: section?.titleModel,
    modelDisplayLabel: section?.modelDisplayLabel ?? 'AI',
    azure,
  };
}

export function buildGoogleEndpoint(env: Env, section: EndpointSections['google']): EndpointDefinition | undefined {
  if (!env.GOOGLE_KEY) return undefined;
  return {
    ...base('google', env.GOOGLE_KEY, 2),
    baseURL: env.GOOGLE_REVERSE_PROXY || undefined,
    models: section?.models ?? parseModelList(env.GOOGLE_MODELS, GOOGLE_DEFAULT_MODELS),
    modelsConfigured: Boolean(section?.models) || names(env.GOOGLE_MODELS),
    titleConvo: section?.titleConvo ?? env.TITLE_CONVO ?? true,
    titleModel: section?.titleModel ?? env.GOOGLE_TITLE_MODEL,
    modelDisplayLabel: section?.modelDisplayLabel ?? 'Gemini',
  };
}

export function buildAnthropicEndpoint(
  env: Env,
  section: EndpointSections['anthropic'],
): EndpointDefinition | undefined {
  if (!env.ANTHROPIC_API_KEY) return undefined;
  return {
    ...base('anthropic', env.ANTHROPIC_API_KEY, 3),
    baseURL: env.ANTHROPIC_REVERSE_PROXY || undefined,
    models: section?.models ?? parseModelList(env.ANTHROPIC_MODELS, ANTHROPIC_DEFAULT_MODELS),
    modelsConfigured: Boolean(section?.models) || names(env.ANTHROPIC_MODELS),
    titleConvo: section?.titleConvo ?? env.TITLE_CONVO ?? true,
    titleModel: section?.titleModel ?? env.ANTHROPIC_TITLE_MODEL,
    modelDisplayLabel: section?.modelDisplayLabel ?? 'Claude',
  };
}

/**
 * Bedrock is on when AWS credentials are configured. A `user_provided` access key or secret
 * makes the whole credential the user's (the keys service stores it; the adapter reads it).
 */
export function buildBedrockEndpoint(env: Env, section: EndpointSections['bedrock']): EndpointDefinition | undefined {
  const accessKeyId = env.BEDROCK_AWS_ACCESS_KEY_ID;
  const secret = env.BEDROCK_AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId && !secret) return undefined;
  const isUserProvided = accessKeyId === USER_PROVIDED || secret === USER_PROVIDED;
  return {
    ...base('bedrock', isUserProvided ? USER_PROVIDED : (secret ?? ''), 4),
    baseURL: env.BEDROCK_REVERSE_PROXY || undefined,
    models: section?.models ?? parseModelList(env.BEDROCK_AWS_MODELS, BEDROCK_DEFAULT_MODELS),
    modelsConfigured: Boolean(section?.models) || names(env.BEDROCK_AWS_MODELS),
    titleConvo: section?.titleConvo ?? env.TITLE_CONVO ?? true,
    titleModel: section?.titleModel,
    modelDisplayLabel: section?.modelDisplayLabel ?? 'AWS Bedrock',
    bedrock: {
      region: env.BEDROCK_AWS_DEFAULT_REGION,
      accessKeyId: isUserProvided ? undefined : accessKeyId,
      sessionToken: isUserProvided ? undefined : env.BEDROCK_AWS_SESSION_TOKEN,
    },
  };
}
