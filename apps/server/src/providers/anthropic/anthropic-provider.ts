import { createAnthropic } from '@ai-sdk/anthropic';
import { supportsClaudeThinking } from '@confab/shared';
import type { ModelMessage } from 'ai';
import { z } from 'zod';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import type { ProviderTransport } from '../provider-transport.js';
import { contentFilterAsModeration, createStreamingProvider, type SdkCallOptions } from '../stream-provider.js';
import { buildSystemPrompt, toModelMessages, withVersionPath } from '../to-model-messages.js';
import type { ChatProvider, ProviderRequest, ResolvedCredentials } from '../types.js';
import { mapAnthropicError } from './map-anthropic-error.js';

const EPHEMERAL = { anthropic: { cacheControl: { type: 'ephemeral' } } };

/** Claude Opus 4.1, the 4.5 models and later refuse `top_p` next to `temperature`. */
export function rejectsTemperatureWithTopP(model: string): boolean {
  return /claude-opus-4-1|claude-(?:sonnet|opus|haiku)-(?:4-[5-9]|[5-9])/.test(model);
}

/**
 * Marks the system prompt and the last two user turns as cache breakpoints (3 of the 4
 * Anthropic allows): a follow-up then reads the whole earlier conversation from the cache.
 */
export function withPromptCache(messages: ModelMessage[]): ModelMessage[] {
  const userIndexes = messages.flatMap((m, i) => (m.role === 'user' ? [i] : [])).slice(-2);
  return messages.map((m, i) =>
    m.role === 'system' || userIndexes.includes(i) ? { ...m, providerOptions: EPHEMERAL } : m,
  );
}

export function anthropicCallOptions(request: ProviderRequest, purpose: 'stream' | 'complete'): SdkCallOptions {
  const s = request.settings;
  const messages = toModelMessages(request.messages, buildSystemPrompt(s));
  const isThinking = purpose === 'stream' && s.thinking !== false && supportsClaudeThinking(request.model);
  // Anthropic refuses sampling settings while thinking.
  const temperature = isThinking ? undefined : (s.temperature ?? undefined);
  const topP = isThinking ? undefined : (s.topP ?? s.top_p ?? undefined);
  return {
    messages: purpose === 'stream' && s.promptCache !== false ? withPromptCache(messages) : messages,
    temperature,
    topP: temperature !== undefined && rejectsTemperatureWithTopP(request.model) ? undefined : topP,
    topK: isThinking ? undefined : (s.topK ?? undefined),
    maxOutputTokens: s.maxOutputTokens ?? s.max_tokens ?? undefined,
    stopSequences: s.stop?.length ? s.stop : undefined,
    // The SDK adds the budget to max_tokens, so the reply keeps its own allowance.
    ...(isThinking
      ? { providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: s.thinkingBudget ?? 2000 } } } }
      : {}),
  };
}

const cacheMetadata = z.object({
  anthropic: z.object({ cacheCreationInputTokens: z.number().nonnegative().nullish() }),
});

/** Anthropic through @ai-sdk/anthropic: thinking streams as reasoning, prompt caching, cache usage. */
export function createAnthropicProvider(
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  transport: ProviderTransport,
): ChatProvider {
  const baseURL = credentials.baseURL ? withVersionPath(credentials.baseURL, '/v1') : undefined;
  return createStreamingProvider({
    createModel: (request) =>
      createAnthropic({
        apiKey: credentials.apiKey,
        ...(baseURL ? { baseURL } : {}),
        headers: endpoint.headers,
        fetch: transport.fetch,
      })(request.model),
    callOptions: anthropicCallOptions,
    mapError: (error) => mapAnthropicError(error, { isUserKey: credentials.isUserKey }),
    getCacheWriteTokens: (metadata) =>
      cacheMetadata.safeParse(metadata).data?.anthropic.cacheCreationInputTokens ?? undefined,
    // stop_reason "refusal": Claude's streaming classifiers stopped the reply.
    checkFinish: contentFilterAsModeration,
    // Claude reads images in tool results (a tool's screenshot, a chart).
    toolResultImages: true,
  });
}
