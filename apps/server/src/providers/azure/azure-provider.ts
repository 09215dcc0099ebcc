import { createAzure } from '@ai-sdk/azure';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import type { ProviderTransport } from '../provider-transport.js';
import { createChatCompletionsTap, openAICallOptions } from '../openai-compatible/openai-compatible-provider.js';
import { contentFilterAsModeration, createStreamingProvider } from '../stream-provider.js';
import { ProviderError, type ChatProvider, type ResolvedCredentials } from '../types.js';
import { mapAzureError } from './map-azure-error.js';
import { resolveAzureTarget } from './resolve-azure-target.js';

/**
 * Azure OpenAI through @ai-sdk/azure, on deployment URLs
 * (`/openai/deployments/{deployment}/chat/completions?api-version=...`, `api-key` header).
 * The protocol is OpenAI's, so the call options are the openAI family's.
 */
export function createAzureProvider(
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  transport: ProviderTransport,
): ChatProvider {
  const azure = endpoint.azure;
  return createStreamingProvider({
    createModel: (request, tap) => {
      if (!azure) throw new ProviderError('server_error', `${endpoint.name} has no Azure settings`);
      const target = resolveAzureTarget(azure, credentials, request.model);
      return createAzure({
        baseURL: target.baseURL,
        apiKey: target.apiKey,
        apiVersion: target.apiVersion,
        useDeploymentBasedUrls: true,
        headers: target.headers,
        fetch: tap?.fetch ?? transport.fetch,
      }).chat(target.deployment);
    },
    createTap: () => createChatCompletionsTap(transport),
    callOptions: (request) => openAICallOptions(request),
    mapError: (error) => mapAzureError(error, { isUserKey: credentials.isUserKey }),
    // Azure's content filter stops a stream with finish_reason content_filter.
    checkFinish: contentFilterAsModeration,
  });
}
