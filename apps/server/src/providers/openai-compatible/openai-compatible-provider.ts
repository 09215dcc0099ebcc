import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ResolvedCredentials } from '../../features/keys/keys.service.js';
import type { Agent } from 'undici';
import { createGuardedDispatcher, createGuardedFetch } from '../../platform/egress.js';
import type { StreamTap } from '../direct-stream.js';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import { mapOpenAIError } from '../map-openai-error.js';
import { createStreamingProvider, type SdkCallOptions } from '../stream-provider.js';
import { buildSystemPrompt, toModelMessages } from '../to-model-messages.js';
import type { ChatProvider, ProviderRequest } from '../types.js';
import { ChatCompletionsTap } from './chat-completions-tap.js';

/**
 * Applies a custom endpoint's addParams/dropParams to the JSON body the SDK sends, so any
 * OpenAI-compatible server (Ollama, vLLM, OpenRouter...) can be shaped by configuration.
 */
function shapingFetch(endpoint: EndpointDefinition, base: typeof fetch | undefined): typeof fetch | undefined {
  if (!Object.keys(endpoint.addParams).length && !endpoint.dropParams.length) return base;
  const next = base ?? fetch;
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

// One guarded connection pool for every user-supplied base URL.
let guarded: { dispatcher: Agent; fetch: typeof fetch } | undefined;
function guardedTransport() {
  if (!guarded) {
    const dispatcher = createGuardedDispatcher();
    guarded = { dispatcher, fetch: createGuardedFetch(dispatcher) };
  }
  return guarded;
}

/** The lean stream reader, on the guarded transport when the base URL is the user's. */
export function createChatCompletionsTap(credentials: Pick<ResolvedCredentials, 'isUserBaseURL'>): StreamTap {
  if (!credentials.isUserBaseURL) return new ChatCompletionsTap(fetch);
  const { dispatcher, fetch: guardedFetch } = guardedTransport();
  return new ChatCompletionsTap(guardedFetch, dispatcher);
}

function createModel(
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  model: string,
  tap?: StreamTap,
): LanguageModel {
  // URLs the administrator wrote are trusted; URLs a user supplied go through the egress guard.
  const base = tap?.fetch ?? (credentials.isUserBaseURL ? guardedTransport().fetch : undefined);
  const fetchImpl = shapingFetch(endpoint, base);
  if (endpoint.family === 'openAI') {
    return createOpenAI({
      apiKey: credentials.apiKey,
      ...(credentials.baseURL ? { baseURL: credentials.baseURL } : {}),
      headers: endpoint.headers,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    }).chat(model);
  }
  return createOpenAICompatible({
    name: endpoint.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'custom',
    apiKey: credentials.apiKey,
    baseURL: credentials.baseURL ?? '',
    headers: endpoint.headers,
    includeUsage: true,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
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
): ChatProvider {
  const options = { isUserKey: credentials.isUserKey };
  return createStreamingProvider({
    createModel: (request, tap) => createModel(endpoint, credentials, request.model, tap),
    createTap: () => createChatCompletionsTap(credentials),
    callOptions: (request) => openAICallOptions(request),
    mapError: (error) => mapOpenAIError(error, options),
  });
}
