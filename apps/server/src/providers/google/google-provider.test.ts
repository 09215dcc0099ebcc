import { describe, expect, it } from 'vitest';
import type { ProviderRequest } from '../types.js';
import { googleCallOptions, supportsGeminiThinking } from './google-provider.js';

const request = (model: string, settings: ProviderRequest['settings'] = {}): ProviderRequest => ({
  model,
  settings,
  messages: [{ role: 'user', content: 'hi' }],
  signal: new AbortController().signal,
});

describe('googleCallOptions', () => {
  it('asks Gemini 2.5+ for its thoughts, with a budget when one is set', () => {
    expect(supportsGeminiThinking('gemini-2.5-pro')).toBe(true);
    expect(supportsGeminiThinking('gemini-1.5-flash-latest')).toBe(false);
    expect(googleCallOptions(request('gemini-2.5-flash', { thinkingBudget: 1024 }), 'stream').providerOptions).toEqual({
      google: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
    });
    expect(
      googleCallOptions(request('gemini-2.5-flash', { thinking: false }), 'stream').providerOptions,
    ).toBeUndefined();
    expect(googleCallOptions(request('gemini-2.5-flash'), 'complete').providerOptions).toBeUndefined();
    expect(googleCallOptions(request('gemini-2.0-flash'), 'stream').providerOptions).toBeUndefined();
  });

  it('passes topK, topP (either spelling) and maxOutputTokens', () => {
    expect(
      googleCallOptions(
        request('gemini-2.0-flash', { topK: 20, top_p: 0.5, maxOutputTokens: 100, stop: ['END'] }),
        'stream',
      ),
    ).toMatchObject({
      topK: 20,
      topP: 0.5,
      maxOutputTokens: 100,
      stopSequences: ['END'],
    });
  });
});
