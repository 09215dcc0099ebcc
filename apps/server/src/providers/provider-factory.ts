import { applyParameterRules, type ParameterFamily } from '@confab/shared';
import { createAnthropicProvider } from './anthropic/anthropic-provider.js';
import { createAzureProvider } from './azure/azure-provider.js';
import { createBedrockProvider } from './bedrock/bedrock-provider.js';
import type { EndpointDefinition } from './endpoint-catalog.js';
import { createGoogleProvider } from './google/google-provider.js';
import { createLocalModelProvider } from './local-llama/local-model-provider.js';
import { createOpenAICompatibleProvider } from './openai-compatible/openai-compatible-provider.js';
import { transportFor, type ProviderTransport } from './provider-transport.js';
import type { ChatProvider, ProviderRequest, ResolvedCredentials } from './types.js';

/** Every family is handed the transport; none reaches the network any other way. */
function createFamilyProvider(
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  transport: ProviderTransport,
): ChatProvider {
  switch (endpoint.family) {
    case 'openAI':
    case 'custom':
      return createOpenAICompatibleProvider(endpoint, credentials, transport);
    case 'azureOpenAI':
      return createAzureProvider(endpoint, credentials, transport);
    case 'anthropic':
      return createAnthropicProvider(endpoint, credentials, transport);
    case 'google':
      return createGoogleProvider(endpoint, credentials, transport);
    case 'bedrock':
      return createBedrockProvider(endpoint, credentials, transport);
    case 'local':
      return createLocalModelProvider(endpoint);
  }
}

/**
 * Applies the SPEC 5 parameter table before every call: settings clamped to the family's (and
 * model's) ranges, and the defaults the vendor must receive filled in.
 */
export function withParameterRules(family: ParameterFamily, provider: ChatProvider): ChatProvider {
  const prepare = (request: ProviderRequest): ProviderRequest => ({
    ...request,
    settings: applyParameterRules(family, request.model, request.settings),
  });
  return {
    stream: (request) => provider.stream(prepare(request)),
    complete: (request) => provider.complete(prepare(request)),
  };
}

/**
 * The adapter for an endpoint family, with the credentials resolved for this user. Whether the
 * base URL is the user's is decided here, once, for every family (provider-transport.ts).
 */
export function createProvider(endpoint: EndpointDefinition, credentials: ResolvedCredentials): ChatProvider {
  const transport = transportFor(credentials);
  const parameterFamily = endpoint.family === 'local' ? 'custom' : endpoint.family;
  return withParameterRules(parameterFamily, createFamilyProvider(endpoint, credentials, transport));
}
