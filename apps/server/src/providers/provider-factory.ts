import type { EndpointDefinition } from './endpoint-catalog.js';
import { createOpenAICompatibleProvider } from './openai-compatible/openai-compatible-provider.js';
import { ProviderError, type ChatProvider } from './types.js';

/** The adapter for an endpoint. Keys the user must supply arrive with the keys feature. */
export function createProvider(endpoint: EndpointDefinition): ChatProvider {
  if (endpoint.apiKey === 'user_provided') {
    throw new ProviderError('no_user_key', `No API key provided for ${endpoint.name}.`);
  }
  if (endpoint.baseURL === 'user_provided') {
    throw new ProviderError('no_base_url', `No base URL provided for ${endpoint.name}.`);
  }
  switch (endpoint.family) {
    case 'openAI':
    case 'custom':
      return createOpenAICompatibleProvider(endpoint);
  }
}
