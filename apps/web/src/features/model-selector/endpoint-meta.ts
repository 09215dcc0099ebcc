import type { ParameterFamily } from '@confab/shared';
import type { EndpointConfig, EndpointsConfig } from '../chat/api/chat-api';

/** SPEC 1 endpoint families, as the web app tells them apart. */
export const ENDPOINT_FAMILIES = [
  'openAI',
  'azureOpenAI',
  'gptPlugins',
  'anthropic',
  'google',
  'custom',
  'assistants',
  'azureAssistants',
  'agents',
  'bedrock',
] as const;
export type EndpointFamily = (typeof ENDPOINT_FAMILIES)[number];

const FAMILY_LABELS: Partial<Record<EndpointFamily, string>> = {
  openAI: 'OpenAI',
  azureOpenAI: 'Azure OpenAI',
  gptPlugins: 'Plugins',
  anthropic: 'Anthropic',
  google: 'Google',
  assistants: 'Assistants',
  azureAssistants: 'Azure Assistants',
  agents: 'My Agents',
  bedrock: 'AWS Bedrock',
};

/**
 * The family of an endpoint: built-in endpoints are named after theirs, custom ones say so in
 * GET /api/endpoints. An unknown name is treated as custom (OpenAI-compatible).
 */
export function getEndpointFamily(name: string, config: EndpointConfig | undefined): EndpointFamily {
  if (config?.type === 'custom') return 'custom';
  return (ENDPOINT_FAMILIES as readonly string[]).includes(name) ? (name as EndpointFamily) : 'custom';
}

/** Which SPEC 5 parameter table an endpoint uses; null where the assistant or agent holds them. */
export function getParameterFamily(family: EndpointFamily): ParameterFamily | null {
  switch (family) {
    case 'openAI':
    case 'azureOpenAI':
    case 'custom':
    case 'google':
    case 'anthropic':
    case 'bedrock':
      return family;
    case 'gptPlugins':
      return 'openAI';
    case 'assistants':
    case 'azureAssistants':
    case 'agents':
      return null;
  }
}

/** How an endpoint is named in the selector: the family's name, or a custom endpoint's own. */
export function getEndpointLabel(name: string, endpoints: EndpointsConfig | undefined): string {
  const family = getEndpointFamily(name, endpoints?.[name]);
  return family === 'custom' ? name : (FAMILY_LABELS[family] ?? name);
}

/** Endpoints where the user brings a key or a base URL (SPEC 6: a user-provided key). */
export function needsUserKey(config: EndpointConfig | undefined): boolean {
  return !!config && (config.userProvide || !!config.userProvideURL);
}
