import type { TokenUsage } from '@confab/shared';
import type { LanguageModelUsage } from 'ai';

/**
 * AI SDK usage to ours. Cache writes are not in the SDK's usage (each vendor reports them in
 * its provider metadata), so the adapter passes them in.
 */
export function mapUsage(usage: LanguageModelUsage, cacheWriteTokens?: number): TokenUsage {
  return {
    promptTokens: usage.inputTokens ?? 0,
    completionTokens: usage.outputTokens ?? 0,
    ...(usage.reasoningTokens ? { reasoningTokens: usage.reasoningTokens } : {}),
    ...(usage.cachedInputTokens ? { cacheReadTokens: usage.cachedInputTokens } : {}),
    ...(cacheWriteTokens ? { cacheWriteTokens } : {}),
  };
}
