import { describe, expect, it } from 'vitest';
import { createPricing, DEFAULT_TOKEN_RATE } from './pricing.js';

describe('pricing', () => {
  const price = createPricing(undefined);

  it('prices a model by the longest key its name contains', () => {
    expect(price('gpt-4o-mini')).toEqual({ prompt: 0.15, completion: 0.6 });
    expect(price('gpt-4o-mini-2024-07-18')).toEqual({ prompt: 0.15, completion: 0.6 });
    expect(price('gpt-4o')).toEqual({ prompt: 2.5, completion: 10 });
    expect(price('GPT-4.1-nano')).toEqual({ prompt: 0.1, completion: 0.4 });
    expect(price('anthropic.claude-3-5-sonnet-20240620-v1:0')).toEqual({ prompt: 3, completion: 15 });
    expect(price('claude-opus-4-5-20251101')).toEqual({ prompt: 5, completion: 25 });
    expect(price('claude-opus-4-1')).toEqual({ prompt: 15, completion: 75 });
    expect(price('claude-some-future')).toEqual({ prompt: 0.8, completion: 2.4 });
    expect(price('gemini-2.5-flash-lite-preview')).toEqual({ prompt: 0.1, completion: 0.4 });
    expect(price('mistral-large-latest')).toEqual({ prompt: 2, completion: 6 });
    expect(price('meta.llama3-1-70b-instruct-v1:0')).toEqual({ prompt: 0.72, completion: 0.72 });
  });

  it('prices older OpenAI names by their context size, and unknown models at the default', () => {
    expect(price('gpt-4-0613')).toEqual({ prompt: 30, completion: 60 });
    expect(price('gpt-4-turbo-preview')).toEqual({ prompt: 10, completion: 30 });
    expect(price('gpt-3.5-turbo')).toEqual({ prompt: 1.5, completion: 2 });
    expect(price('sim-1')).toEqual(DEFAULT_TOKEN_RATE);
    expect(DEFAULT_TOKEN_RATE).toEqual({ prompt: 6, completion: 6 });
  });

  it('lets the config override entries and the default', () => {
    const configured = createPricing({
      default: { prompt: 1, completion: 2 },
      models: { 'gpt-4o': { prompt: 7, completion: 8 }, 'sim-': { prompt: 0, completion: 3 } },
    });
    expect(configured('gpt-4o-2024-08-06')).toEqual({ prompt: 7, completion: 8 });
    // An override wins over a longer built-in key: the operator named the family.
    expect(configured('gpt-4o-mini')).toEqual({ prompt: 7, completion: 8 });
    expect(configured('sim-1')).toEqual({ prompt: 0, completion: 3 });
    expect(configured('unknown-model')).toEqual({ prompt: 1, completion: 2 });
    expect(configured('gpt-4.1')).toEqual({ prompt: 2, completion: 8 });
  });
});
