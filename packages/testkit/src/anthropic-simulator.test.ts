import { createAnthropic } from '@ai-sdk/anthropic';
import { APICallError, generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAnthropicSimulator } from './anthropic-simulator.js';
import type { AnthropicSimulator } from './anthropic-types.js';
import { declaredToolsOf, replayedToolCallsOf, toolResultsOf } from './tool-requests.js';
import { runWeatherToolLoop, WEATHER_ARGS, weatherOutput } from './tool-loop-harness.js';

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

  it('runs a tool loop: tool_use streamed as input_json_delta, the tool_result in the next request, the final text', async () => {
    sim.enqueue(
      { text: 'Checking. ', toolCalls: [{ id: 'toolu_01w', name: 'get_weather', args: WEATHER_ARGS }], chunkSize: 7 },
      { text: 'It is 21 degrees.' },
    );
    const out = await runWeatherToolLoop(model());
    expect(out.errors).toEqual([]);
    expect(out.executed).toEqual([WEATHER_ARGS]);
    expect(out.inputStarts).toEqual(['toolu_01w']);
    expect(out.inputDeltas.length).toBeGreaterThan(1);
    expect(out.inputDeltas.join('')).toBe(JSON.stringify(WEATHER_ARGS));
    expect(out).toMatchObject({ text: 'Checking. It is 21 degrees.', steps: 2, finishReason: 'stop' });

    const [first, second] = sim.requests;
    expect(declaredToolsOf(first)).toMatchObject([
      {
        name: 'get_weather',
        description: 'The current weather of a city',
        schema: { type: 'object', required: ['city', 'unit'] },
      },
    ]);
    const output = JSON.stringify(weatherOutput('Paris', 'celsius'));
    expect(toolResultsOf(second)).toMatchObject([{ id: 'toolu_01w', text: output, isError: false }]);
    expect(second?.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_01w', content: output }],
    });
    expect(replayedToolCallsOf(second)).toEqual([{ id: 'toolu_01w', name: 'get_weather', args: WEATHER_ARGS }]);
  });

  it('thinks, then calls a tool, and gets its thinking and call back with the result', async () => {
    sim.enqueue(
      { reasoning: 'Need the weather.', toolCalls: [{ name: 'get_weather', args: WEATHER_ARGS }] },
      { text: 'Done.' },
    );
    const out = await runWeatherToolLoop(model(), {
      providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 } } },
    });
    expect(out).toMatchObject({ executed: [WEATHER_ARGS], text: 'Done.', steps: 2 });
    expect(out.toolCalls[0]?.toolCallId).toMatch(/^toolu_01[A-Za-z0-9]{22}$/);
    const replayed = sim.requests[1]?.body.messages[1];
    expect(replayed.role).toBe('assistant');
    expect(replayed.content.map((block: { type: string }) => block.type)).toEqual(['thinking', 'tool_use']);
  });

  it('writes the tool_use block events and stop_reason tool_use', async () => {
    sim.enqueue({ toolCalls: [{ id: 'toolu_01a', name: 'get_weather', args: { city: 'Oslo' } }], chunkSize: 8 });
    const res = await fetch(`${sim.url}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'claude-3-7-sonnet-latest', max_tokens: 100, stream: true, messages: [] }),
    });
    const events = (await res.text())
      .split('\n\n')
      .filter(Boolean)
      .map((frame) => JSON.parse(frame.split('\ndata: ')[1] ?? '{}'));
    expect(events.map((event) => event.type)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[2]).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_01a', name: 'get_weather', input: {} },
    });
    expect(events.slice(3, 6).map((event) => event.delta)).toEqual([
      { type: 'input_json_delta', partial_json: '' },
      { type: 'input_json_delta', partial_json: '{"city":' },
      { type: 'input_json_delta', partial_json: '"Oslo"}' },
    ]);
    expect(events[7].delta).toEqual({ stop_reason: 'tool_use', stop_sequence: null });
  });

  it('answers non-streamed tool calls as tool_use content', async () => {
    sim.enqueue({ toolCalls: [{ id: 'toolu_01n', name: 'get_weather', args: WEATHER_ARGS }] });
    const res = await fetch(`${sim.url}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'claude-3-7-sonnet-latest', max_tokens: 100, messages: [] }),
    });
    const message = await res.json();
    expect(message).toMatchObject({
      stop_reason: 'tool_use',
      content: [{ type: 'tool_use', id: 'toolu_01n', name: 'get_weather', input: WEATHER_ARGS }],
    });
  });
});
