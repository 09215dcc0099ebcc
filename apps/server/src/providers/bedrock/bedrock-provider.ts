import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { getBedrockSubProvider, supportsClaudeThinking } from '@confab/shared';
import { z } from 'zod';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import type { ProviderTransport } from '../provider-transport.js';
import { contentFilterAsModeration, createStreamingProvider, type SdkCallOptions } from '../stream-provider.js';
import { buildSystemPrompt, toModelMessages } from '../to-model-messages.js';
import { ProviderError, type ChatProvider, type ProviderRequest, type ResolvedCredentials } from '../types.js';
import { mapBedrockError } from './map-bedrock-error.js';
import { addToolUseStartInput } from './tool-use-start-input.js';

/** SigV4 credentials, or a Bedrock API key (sent as a bearer token instead of a signature). */
export type BedrockAuth =
  { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined } | { apiKey: string };

const userKeyFields = z.object({
  accessKeyId: z.string().trim().optional(),
  secretAccessKey: z.string().trim().optional(),
  sessionToken: z.string().trim().optional(),
});

/**
 * The credentials of a call: the server's (access key id from the environment, the secret as
 * the endpoint's key), or the user's own: `{accessKeyId, secretAccessKey, sessionToken}` as
 * LibreChat stores them (the secret may also come as `apiKey`), or a plain Bedrock API key.
 */
export function resolveBedrockAuth(endpoint: EndpointDefinition, credentials: ResolvedCredentials): BedrockAuth {
  if (!credentials.isUserKey) {
    const accessKeyId = endpoint.bedrock?.accessKeyId;
    if (!accessKeyId || !credentials.apiKey)
      throw new ProviderError('invalid_api_key', 'Bedrock needs both an access key id and a secret access key.');
    return { accessKeyId, secretAccessKey: credentials.apiKey, sessionToken: endpoint.bedrock?.sessionToken };
  }
  const fields = userKeyFields.safeParse(credentials.fields).data ?? {};
  const secretAccessKey = fields.secretAccessKey || credentials.apiKey;
  if (fields.accessKeyId && secretAccessKey)
    return { accessKeyId: fields.accessKeyId, secretAccessKey, sessionToken: fields.sessionToken || undefined };
  if (credentials.apiKey) return { apiKey: credentials.apiKey };
  throw new ProviderError('invalid_user_key', 'Your Bedrock key needs an access key id and a secret access key.');
}

/** BEDROCK_REVERSE_PROXY may be a host (LibreChat's endpointHost) or a URL. */
export function getBedrockBaseURL(override: string | undefined, region: string): string {
  if (!override) return `https://bedrock-runtime.${region}.amazonaws.com`;
  return (/^https?:\/\//.test(override) ? override : `https://${override}`).replace(/\/+$/, '');
}

export function bedrockCallOptions(request: ProviderRequest, purpose: 'stream' | 'complete'): SdkCallOptions {
  const s = request.settings;
  const isClaude = getBedrockSubProvider(request.model) === 'anthropic' || request.model.includes('anthropic.');
  const isThinking = purpose === 'stream' && isClaude && s.thinking !== false && supportsClaudeThinking(request.model);
  // Converse's inferenceConfig has no topK; Claude takes it as a model field (not while thinking).
  const additionalModelRequestFields = isClaude && !isThinking && s.topK != null ? { top_k: s.topK } : undefined;
  const bedrock = {
    ...(isThinking ? { reasoningConfig: { type: 'enabled' as const, budgetTokens: s.thinkingBudget ?? 2000 } } : {}),
    ...(additionalModelRequestFields ? { additionalModelRequestFields } : {}),
  };
  return {
    messages: toModelMessages(request.messages, buildSystemPrompt(s)),
    // Claude refuses sampling settings while thinking.
    temperature: isThinking ? undefined : (s.temperature ?? undefined),
    topP: isThinking ? undefined : (s.topP ?? s.top_p ?? undefined),
    maxOutputTokens: s.maxOutputTokens ?? s.maxTokens ?? s.max_tokens ?? undefined,
    stopSequences: s.stop?.length ? s.stop : undefined,
    ...(Object.keys(bedrock).length ? { providerOptions: { bedrock } } : {}),
  };
}

const cacheMetadata = z.object({
  bedrock: z.object({ usage: z.object({ cacheWriteInputTokens: z.number().nonnegative().nullish() }) }),
});

/**
 * AWS Bedrock through @ai-sdk/amazon-bedrock (ConverseStream, SigV4). Every setting is passed
 * explicitly, so the SDK never falls back to reading AWS_* variables from the environment.
 */
export function createBedrockProvider(
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  transport: ProviderTransport,
): ChatProvider {
  const region = endpoint.bedrock?.region ?? 'us-east-1';
  const baseURL = getBedrockBaseURL(credentials.baseURL, region);
  const bedrockFetch = addToolUseStartInput(transport.fetch);
  return createStreamingProvider({
    createModel: (request) => {
      const auth = resolveBedrockAuth(endpoint, credentials);
      const bedrock =
        'apiKey' in auth
          ? createAmazonBedrock({
              region,
              baseURL,
              apiKey: auth.apiKey,
              headers: endpoint.headers,
              fetch: bedrockFetch,
            })
          : createAmazonBedrock({
              region,
              baseURL,
              apiKey: '',
              credentialProvider: async () => auth,
              headers: endpoint.headers,
              fetch: bedrockFetch,
            });
      return bedrock(request.model);
    },
    callOptions: bedrockCallOptions,
    mapError: (error, trail) => mapBedrockError(error, trail, { isUserKey: credentials.isUserKey }),
    getCacheWriteTokens: (metadata) =>
      cacheMetadata.safeParse(metadata).data?.bedrock.usage.cacheWriteInputTokens ?? undefined,
    // guardrail_intervened / content_filtered
    checkFinish: contentFilterAsModeration,
    // Mid-stream exceptions are named only by their raw chunk.
    includeRawChunks: true,
  });
}
