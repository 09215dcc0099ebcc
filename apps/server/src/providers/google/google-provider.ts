import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import type { ProviderTransport } from '../provider-transport.js';
import { createStreamingProvider, type SdkCallOptions } from '../stream-provider.js';
import { buildSystemPrompt, toModelMessages, withVersionPath } from '../to-model-messages.js';
import { ProviderError, type ChatProvider, type ProviderRequest, type ResolvedCredentials } from '../types.js';
import { mapGoogleError } from './map-google-error.js';
import { mapGoogleFinishReason, readGoogleRawFinishReason } from './map-google-finish-reason.js';

/** Gemini 2.5 and later think; asking older models for thoughts is refused. */
export const supportsGeminiThinking = (model: string): boolean => /gemini-(?:2\.5|[3-9])/.test(model);

export function googleCallOptions(request: ProviderRequest, purpose: 'stream' | 'complete'): SdkCallOptions {
  const s = request.settings;
  const isThinking = purpose === 'stream' && s.thinking !== false && supportsGeminiThinking(request.model);
  return {
    messages: toModelMessages(request.messages, buildSystemPrompt(s)),
    temperature: s.temperature ?? undefined,
    topP: s.topP ?? s.top_p ?? undefined,
    topK: s.topK ?? undefined,
    maxOutputTokens: s.maxOutputTokens ?? s.max_tokens ?? undefined,
    stopSequences: s.stop?.length ? s.stop : undefined,
    ...(isThinking
      ? {
          providerOptions: {
            google: {
              thinkingConfig: {
                includeThoughts: true,
                ...(s.thinkingBudget ? { thinkingBudget: s.thinkingBudget } : {}),
              },
            },
          },
        }
      : {}),
  };
}

/** The Gemini API key: a user's own key may be the JSON form's GOOGLE_API_KEY. */
function getApiKey(credentials: ResolvedCredentials): string {
  if (!credentials.isUserKey) return credentials.apiKey;
  const key = credentials.fields.GOOGLE_API_KEY?.trim() || credentials.apiKey;
  if (!key && credentials.fields.GOOGLE_SERVICE_KEY) {
    throw new ProviderError(
      'invalid_user_key',
      'Service-account keys (Vertex AI) are not supported yet; please enter a Gemini API key.',
    );
  }
  return key;
}

/** Google Gemini through @ai-sdk/google (streamGenerateContent?alt=sse), with safety blocks mapped. */
export function createGoogleProvider(
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  transport: ProviderTransport,
): ChatProvider {
  const baseURL = credentials.baseURL ? withVersionPath(credentials.baseURL, '/v1beta', ['/v1beta', '/v1']) : undefined;
  return createStreamingProvider({
    createModel: (request) =>
      createGoogleGenerativeAI({
        apiKey: getApiKey(credentials),
        ...(baseURL ? { baseURL } : {}),
        headers: endpoint.headers,
        fetch: transport.fetch,
      })(request.model),
    callOptions: googleCallOptions,
    mapError: (error) => mapGoogleError(error, { isUserKey: credentials.isUserKey }),
    checkFinish: (finishReason, metadata, trail) =>
      mapGoogleFinishReason(finishReason, metadata, trail.rawFinishReason),
    // The SDK folds SAFETY and RECITATION into one finish reason; the raw chunks tell them apart.
    includeRawChunks: true,
    readRawFinishReason: readGoogleRawFinishReason,
  });
}
