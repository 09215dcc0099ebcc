import { describe, expect, it } from 'vitest';
import { mapUsage } from './map-usage.js';
import { contentFilterAsModeration } from './stream-provider.js';

describe('mapUsage', () => {
  it('maps prompt, completion, reasoning and cache tokens, leaving out zeros', () => {
    expect(
      mapUsage({ inputTokens: 10, outputTokens: 5, totalTokens: 15, reasoningTokens: 3, cachedInputTokens: 4 }, 6),
    ).toEqual({
      promptTokens: 10,
      completionTokens: 5,
      reasoningTokens: 3,
      cacheReadTokens: 4,
      cacheWriteTokens: 6,
    });
    expect(mapUsage({ inputTokens: undefined, outputTokens: 2, totalTokens: 2, reasoningTokens: 0 })).toEqual({
      promptTokens: 0,
      completionTokens: 2,
    });
  });
});

describe('contentFilterAsModeration', () => {
  it('turns only a content-filter finish into moderation', () => {
    expect(contentFilterAsModeration('content-filter')?.type).toBe('moderation');
    expect(contentFilterAsModeration('stop')).toBeUndefined();
  });
});
