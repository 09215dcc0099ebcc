import type { ResolvedCredentials } from '../features/keys/keys.service.js';
import type { EndpointDefinition } from './endpoint-catalog.js';
import { createOpenAICompatibleProvider } from './openai-compatible/openai-compatible-provider.js';
import type { ChatProvider } from './types.js';

/** The adapter for an endpoint family, with the credentials resolved for this user. */
export function createProvider(endpoint: EndpointDefinition, credentials: ResolvedCredentials): ChatProvider {
  switch (endpoint.family) {
    case 'openAI':
    case 'custom':
      return createOpenAICompatibleProvider(endpoint, credentials);
  }
}
