import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { StreamTap } from '../direct-stream.js';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import type { ProviderTransport } from '../provider-transport.js';
import { mapOpenAIError } from '../map-openai-error.js';
import { createStreamingProvider, type SdkCallOptions } from '../stream-provider.js';
import { buildSystemPrompt, toModelMessages } from '../to-model-messages.js';
import type { ChatProvider, ProviderRequest, ResolvedCredentials } from '../types.js';
import { ChatCompletionsTap } from './chat-completions-tap.js';

/**
 * Applies a custom endpoint's addParams/dropParams to the JSON body the SDK sends, so any
 * OpenAI-compatible server (Ollama, vLLM, OpenRouter...) can be shaped by configuration.
 */
function shapingFetch(endpoint: EndpointDefinition, next: typeof fetch): typeof fetch {
  if (!Object.keys(endpoint.addParams).length && !endpoint.dropParams.length) return next;
  return async (input, init) => {
    if (init?.body && typeof init.body === 'string') {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      Object.assign(body, endpoint.addParams);
      for (const key of endpoint.dropParams) delete body[key];
      init = { ...init, body: JSON.stringify(body) };
    }
    return next(input, init);
  };
}

/** The lean stream reader, on the call's transport (the egress guard's pool for a user's base URL). */
export function createChatCompletionsTap(transport: ProviderTransport): StreamTap {
  return new ChatCompletionsTap(transport.fetch, transport.guardedDispatcher);
}

function createModel(
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  transport: ProviderTransport,
  model: string,
  tap?: StreamTap,
): LanguageModel {
  const fetchImpl = shapingFetch(endpoint, tap?.fetch ?? transport.fetch);
  if (endpoint.family === 'openAI') {
    return createOpenAI({
      apiKey: credentials.apiKey,
      ...(credentials.baseURL ? { baseURL: credentials.baseURL } : {}),
      headers: endpoint.headers,
      fetch: fetchImpl,
    }).chat(model);
  }
  return createOpenAICompatible({
    name: endpoint.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'custom',
    apiKey: credentials.apiKey,
    baseURL: credentials.baseURL ?? '',
    headers: endpoint.headers,
    includeUsage: true,
    fetch: fetchImpl,
  }).chatModel(model);
}

/** Call options shared with Azure, which speaks the same protocol. */
export function openAICallOptions(request: ProviderRequest): SdkCallOptions {
  const s = request.settings;
  return {
    messages: toModelMessages(request.messages, buildSystemPrompt(s), { imageDetail: s.imageDetail }),
    temperature: s.temperature ?? undefined,
    topP: s.top_p ?? s.topP ?? undefined,
    frequencyPenalty: s.frequency_penalty ?? undefined,
    presencePenalty: s.presence_penalty ?? undefined,
    maxOutputTokens: s.max_tokens ?? s.maxOutputTokens ?? undefined,
    stopSequences: s.stop?.length ? s.stop : undefined,
    ...(s.reasoning_effort ? { providerOptions: { openai: { reasoningEffort: s.reasoning_effort } } } : {}),
  };
}

export function createOpenAICompatibleProvider(
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  transport: ProviderTransport,
): ChatProvider {
  const options = { isUserKey: credentials.isUserKey };
  return createStreamingProvider({
    createModel: (request, tap) => createModel(endpoint, credentials, transport, request.model, tap),
    createTap: () => createChatCompletionsTap(transport),
    callOptions: (request) => openAICallOptions(request),
    mapError: (error) => mapOpenAIError(error, options),
  });
}
