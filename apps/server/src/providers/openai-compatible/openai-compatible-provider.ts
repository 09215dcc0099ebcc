import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText, type LanguageModel } from 'ai';
import type { ResolvedCredentials } from '../../features/keys/keys.service.js';
import { createGuardedFetch } from '../../platform/egress.js';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import { mapFinishReason } from '../map-finish-reason.js';
import { mapOpenAIError } from '../map-openai-error.js';
import { ProviderError, type ChatProvider, type ProviderEvent, type ProviderRequest } from '../types.js';

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

// One guarded dispatcher for every user-supplied base URL.
let guardedFetch: typeof fetch | undefined;

function createModel(endpoint: EndpointDefinition, credentials: ResolvedCredentials, model: string): LanguageModel {
  // URLs the administrator wrote are trusted; URLs a user supplied go through the egress guard.
  const base = credentials.isUserBaseURL ? (guardedFetch ??= createGuardedFetch()) : undefined;
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

function callOptions(request: ProviderRequest) {
  const s = request.settings;
  const system = [s.promptPrefix, s.system].filter((v): v is string => Boolean(v?.trim())).join('\n\n');
  const messages = request.messages.map((m) => ({ role: m.role, content: m.content }));
  return {
    messages: system ? [{ role: 'system' as const, content: system }, ...messages] : messages,
    temperature: s.temperature ?? undefined,
    topP: s.top_p ?? s.topP ?? undefined,
    frequencyPenalty: s.frequency_penalty ?? undefined,
    presencePenalty: s.presence_penalty ?? undefined,
    maxOutputTokens: s.max_tokens ?? s.maxOutputTokens ?? undefined,
    stopSequences: s.stop?.length ? s.stop : undefined,
    abortSignal: request.signal,
    // Errors surface at once: the user sees them and may retry; silent retries would triple latency.
    maxRetries: 0,
    ...(s.reasoning_effort ? { providerOptions: { openai: { reasoningEffort: s.reasoning_effort } } } : {}),
  };
}

export function createOpenAICompatibleProvider(endpoint: EndpointDefinition, credentials: ResolvedCredentials): ChatProvider {
  const options = { isUserKey: credentials.isUserKey };
  return {
    async *stream(request: ProviderRequest): AsyncIterable<ProviderEvent> {
      const result = streamText({
        model: createModel(endpoint, credentials, request.model),
        ...callOptions(request),
        onError: () => {}, // errors arrive as stream parts below
      });
      for await (const part of result.fullStream) {
        switch (part.type) {
          case 'text-delta':
            if (part.text) yield { type: 'text', text: part.text };
            break;
          case 'reasoning-delta':
            if (part.text) yield { type: 'reasoning', text: part.text };
            break;
          case 'error':
            throw mapOpenAIError(part.error, options);
          case 'abort':
            return;
          case 'finish': {
            const u = part.totalUsage;
            yield {
              type: 'finish',
              finishReason: mapFinishReason(part.finishReason),
              usage: {
                promptTokens: u.inputTokens ?? 0,
                completionTokens: u.outputTokens ?? 0,
                ...(u.reasoningTokens ? { reasoningTokens: u.reasoningTokens } : {}),
                ...(u.cachedInputTokens ? { cacheReadTokens: u.cachedInputTokens } : {}),
              },
            };
            break;
          }
          default:
            break;
        }
      }
    },
    async complete(request: ProviderRequest): Promise<string> {
      try {
        const result = await generateText({ model: createModel(endpoint, credentials, request.model), ...callOptions(request) });
        return result.text;
      } catch (err) {
        throw err instanceof ProviderError ? err : mapOpenAIError(err, options);
      }
    },
  };
}
