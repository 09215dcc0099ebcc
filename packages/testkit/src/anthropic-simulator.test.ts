import { createAnthropic } from '@ai-sdk/anthropic';
import { APICallError, generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAnthropicSimulator } from './anthropic-simulator.js';
import type { AnthropicSimulator } from './anthropic-types.js';

describe('Anthropic simulator with @ai-sdk/anthropic', () => {
  let sim: AnthropicSimulator;
  const model = (apiKey = 'sk-ant-test', id = 'claude-3-7-sonnet-latest') =>
    createAnthropic({ baseURL: sim.url, apiKey })(id);

  beforeAll(async () => {
    sim = await startAnthropicSimulator({ apiKey: 'sk-ant-test' });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('streams thinking then text, with usage including cache reads and writes', async () => {
    sim.enqueue({
      reasoning: 'Weighing it up.',
      text: 'Forty-two.',
      chunkSize: 3,
      usage: { prompt_tokens: 20, completion_tokens: 9, cached_tokens: 5, cache_write_tokens: 7 },
    });
    const result = streamText({
      model: model(),
      prompt: 'What is the answer?',
      maxRetries: 0,
      providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 } } },
    });
    const kinds: string[] = [];
    let reasoning = '';
    for await (const part of result.fullStream) {
      kinds.push(part.type);
      if (part.type === 'reasoning-delta') reasoning += part.text;
    }
    expect(reasoning).toBe('Weighing it up.');
    expect(await result.text).toBe('Forty-two.');
    expect(kinds.indexOf('reasoning-delta')).toBeLessThan(kinds.indexOf('text-delta'));
    const usage = await result.totalUsage;
    expect(usage).toMatchObject({ inputTokens: 20, outputTokens: 9, cachedInputTokens: 5 });
    expect((await result.providerMetadata)?.anthropic?.cacheCreationInputTokens).toBe(7);
    expect(sim.requests[0]?.body.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(sim.stats.completed).toBe(1);
  });

  it('leaves thinking out when the request does not enable it, as the API does', async () => {
    sim.enqueue({ reasoning: 'hidden', text: 'plain' });
    const result = streamText({ model: model(), prompt: 'hi', maxRetries: 0 });
    expect(await result.reasoningText).toBeUndefined();
    expect(await result.text).toBe('plain');
  });

  it('echoes the last user message by default and answers non-streamed requests', async () => {
    const { text, finishReason } = await generateText({ model: model(), prompt: 'ping', maxRetries: 0 });
    expect(text).toBe('Echo: ping');
    expect(finishReason).toBe('stop');
    expect(sim.requests[0]?.headers['anthropic-version']).toBe('2023-06-01');
  });

  it.each([
    [{ status: 401 }, 'authentication_error', 'invalid x-api-key'],
    [{ status: 429 }, 'rate_limit_error', 'rate limit'],
    [{ status: 400, kind: 'context_length_exceeded' as const }, 'invalid_request_error', 'prompt is too long'],
    [{ status: 400, kind: 'insufficient_quota' as const }, 'invalid_request_error', 'credit balance is too low'],
    [{ status: 529 }, 'overloaded_error', 'Overloaded'],
  ])('answers %o with the real error body', async (error, type, message) => {
    sim.enqueue({ error });
    const caught = await generateText({ model: model(), prompt: 'x', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(caught)).toBe(true);
    const callError = caught as APICallError;
    expect(callError.statusCode).toBe(error.status);
    const body = JSON.parse(callError.responseBody ?? '{}');
    expect(body.type).toBe('error');
    expect(body.error.type).toBe(type);
    expect(body.error.message).toContain(message);
  });

  it('rejects a wrong key with 401 and checks the thinking rules', async () => {
    await expect(generateText({ model: model('sk-wrong'), prompt: 'x', maxRetries: 0 })).rejects.toMatchObject({
      statusCode: 401,
    });
    const res = await fetch(`${sim.url}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'claude-3-7-sonnet-latest',
        max_tokens: 1000,
        thinking: { type: 'enabled', budget_tokens: 2000 },
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      '`max_tokens` must be greater than `thinking.budget_tokens`',
    );
  });

  it('sends an overload mid-stream as an error event after the given chunks', async () => {
    sim.enqueue({ text: 'partial answer here', chunkSize: 4, errorAt: 2, error: { status: 529, inStream: true } });
    const result = streamText({ model: model(), prompt: 'x', maxRetries: 0, onError: () => {} });
    let text = '';
    let streamError: unknown;
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') text += part.text;
      if (part.type === 'error') streamError = part.error;
    }
    expect(text).toBe('partial ');
    expect(streamError).toMatchObject({ type: 'overloaded_error', message: 'Overloaded' });
  });

  it('cuts the connection at errorAt and counts the drop', async () => {
    sim.enqueue({ text: 'abcdefghijkl', chunkSize: 2, errorAt: 3 });
    const result = streamText({ model: model(), prompt: 'x', maxRetries: 0, onError: () => {} });
    let text = '';
    // A cut connection surfaces as a thrown read error, not an error part.
    const failure = await (async () => {
      for await (const part of result.fullStream) if (part.type === 'text-delta') text += part.text;
    })().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(text).toBe('abcdef');
    expect(sim.stats.dropped).toBe(1);
  });
});
