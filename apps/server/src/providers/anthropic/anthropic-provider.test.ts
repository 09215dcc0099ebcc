import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ProviderRequest } from '../types.js';
import { anthropicCallOptions, rejectsTemperatureWithTopP, withPromptCache } from './anthropic-provider.js';

const request = (model: string, settings: ProviderRequest['settings'] = {}): ProviderRequest => ({
  model,
  settings,
  messages: [
    { role: 'user', content: 'one' },
    { role: 'assistant', content: 'two' },
    { role: 'user', content: 'three' },
    { role: 'assistant', content: 'four' },
    { role: 'user', content: 'five' },
  ],
  signal: new AbortController().signal,
});

const cached = (messages: ModelMessage[]) => messages.map((m) => Boolean(m.providerOptions?.anthropic));

describe('withPromptCache', () => {
  it('marks the system prompt and the last two user turns', () => {
    const { messages } = anthropicCallOptions(
      request('claude-3-5-sonnet-latest', { promptPrefix: 'sys', promptCache: true }),
      'stream',
    );
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(cached(messages)).toEqual([true, false, false, true, false, true]);
  });

  it('is off when promptCache is false, and for titles', () => {
    expect(
      cached(anthropicCallOptions(request('claude-3-5-sonnet-latest', { promptCache: false }), 'stream').messages),
    ).not.toContain(true);
    expect(
      cached(anthropicCallOptions(request('claude-3-5-sonnet-latest', { promptCache: true }), 'complete').messages),
    ).not.toContain(true);
    expect(withPromptCache([])).toEqual([]);
  });
});

describe('anthropicCallOptions', () => {
  it('enables thinking with the budget on thinking models, without sampling settings', () => {
    const options = anthropicCallOptions(
      request('claude-sonnet-4-20250514', { thinking: true, thinkingBudget: 3000, temperature: 0.2, topK: 5 }),
      'stream',
    );
    expect(options.providerOptions).toEqual({ anthropic: { thinking: { type: 'enabled', budgetTokens: 3000 } } });
    expect(options.temperature).toBeUndefined();
    expect(options.topK).toBeUndefined();
  });

  it('does not think on older models, when turned off, or for titles', () => {
    expect(
      anthropicCallOptions(request('claude-3-5-sonnet-latest', { thinking: true }), 'stream').providerOptions,
    ).toBeUndefined();
    expect(
      anthropicCallOptions(request('claude-3-7-sonnet-latest', { thinking: false }), 'stream').providerOptions,
    ).toBeUndefined();
    expect(
      anthropicCallOptions(request('claude-3-7-sonnet-latest', { thinking: true }), 'complete').providerOptions,
    ).toBeUndefined();
  });

  it('sends topP without temperature to models that refuse both', () => {
    expect(rejectsTemperatureWithTopP('claude-sonnet-4-5')).toBe(true);
    expect(rejectsTemperatureWithTopP('claude-opus-4-1-20250805')).toBe(true);
    expect(rejectsTemperatureWithTopP('claude-3-7-sonnet-latest')).toBe(false);
    const both = { temperature: 0.5, topP: 0.7, thinking: false };
    expect(anthropicCallOptions(request('claude-sonnet-4-5', both), 'stream')).toMatchObject({
      temperature: 0.5,
      topP: undefined,
    });
    expect(anthropicCallOptions(request('claude-3-5-sonnet-latest', both), 'stream')).toMatchObject({
      temperature: 0.5,
      topP: 0.7,
    });
  });
});
