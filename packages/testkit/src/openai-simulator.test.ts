import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, streamText, type LanguageModel } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  declaredToolsOf,
  replayedToolCallsOf,
  startOpenAISimulator,
  toolResultsOf,
  type OpenAIErrorKind,
  type OpenAISimulator,
} from './index.js';
import { runWeatherToolLoop, WEATHER_ARGS, weatherOutput } from './tool-loop-harness.js';

let sim: OpenAISimulator;
let openai: ReturnType<typeof createOpenAI>;

beforeAll(async () => {
  sim = await startOpenAISimulator();
  openai = createOpenAI({ baseURL: sim.url, apiKey: 'sk-test-key' });
});
afterEach(() => sim.reset());
afterAll(() => sim.close());

/** Reads a whole streamText result part by part; a stream that fails keeps what came before. */
async function collect(result: ReturnType<typeof streamText>) {
  const out = { text: '', reasoning: '', deltas: 0, errors: [] as unknown[], thrown: undefined as unknown };
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        out.text += part.text;
        out.deltas++;
      } else if (part.type === 'reasoning-delta') out.reasoning += part.text;
      else if (part.type === 'error') out.errors.push(part.error);
    }
  } catch (error) {
    out.thrown = error;
  }
  return out;
}

const stream = (model: LanguageModel, prompt = 'Hi', abortSignal?: AbortSignal) =>
  streamText({ model, prompt, maxRetries: 0, abortSignal, onError: () => {} });

const readJson = (res: Response): Promise<any> => res.json();

async function postChat(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sim.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-x', ...headers },
    body: JSON.stringify(body),
  });
}

describe('streamed chat completions through @ai-sdk/openai', () => {
  it('streams the scripted text in chunks and reports usage and finish reason', async () => {
    sim.enqueue({
      text: 'The quick brown fox jumps',
      chunkSize: 5,
      usage: { prompt_tokens: 12, completion_tokens: 7 },
    });
    const result = stream(openai.chat('gpt-4o'));
    const out = await collect(result);
    expect(out.text).toBe('The quick brown fox jumps');
    expect(out.deltas).toBe(5);
    expect(await result.usage).toMatchObject({ inputTokens: 12, outputTokens: 7, totalTokens: 19 });
    expect(await result.finishReason).toBe('stop');
    expect(sim.stats).toMatchObject({ open: 0, completed: 1, aborted: 0 });
  });

  it('echoes the last user message by default, estimates usage and records the request', async () => {
    const result = stream(openai.chat('gpt-4o-mini'), 'ping pong');
    expect((await collect(result)).text).toBe('Echo: ping pong');
    expect(await result.usage).toMatchObject({ inputTokens: 3, outputTokens: 4 });
    const [recorded] = sim.requests;
    expect(recorded).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(recorded?.headers.authorization).toBe('Bearer sk-test-key');
    expect(recorded?.body).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('splits the text at a pause, so what streamed before it ends exactly there', async () => {
    sim.enqueue({ text: 'abcdefghij', chunkSize: 4, pauseAt: { textIndex: 5, ms: 1 } });
    const res = await postChat({ model: 'gpt-4o', messages: [], stream: true });
    const contents = (await res.text())
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: {'))
      .map((frame) => JSON.parse(frame.slice('data: '.length)).choices[0]?.delta?.content)
      .filter((content) => typeof content === 'string' && content !== '');
    expect(contents).toEqual(['abcd', 'e', 'fghi', 'j']);
  });

  it('writes the exact OpenAI SSE frames: role chunk, deltas, finish chunk, usage chunk, [DONE]', async () => {
    sim.enqueue({
      text: 'abcdef',
      chunkSize: 3,
      finishReason: 'length',
      usage: { prompt_tokens: 1, completion_tokens: 2 },
    });
    const res = await postChat({
      model: 'gpt-4o',
      messages: [],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const frames = (await res.text()).split('\n\n').filter(Boolean);
    expect(frames.every((frame) => frame.startsWith('data: '))).toBe(true);
    expect(frames.at(-1)).toBe('data: [DONE]');
    const chunks = frames.slice(0, -1).map((frame) => JSON.parse(frame.slice('data: '.length)));
    expect(chunks[0]).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion.chunk',
      created: expect.any(Number),
      model: 'gpt-4o',
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      usage: null,
    });
    expect(chunks.slice(1, 3).map((chunk) => chunk.choices[0].delta.content)).toEqual(['abc', 'def']);
    expect(chunks[3].choices[0]).toMatchObject({ delta: {}, finish_reason: 'length' });
    expect(chunks[4]).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    });
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
  });

  it('sends no usage chunk unless stream_options.include_usage is set', async () => {
    const res = await postChat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }], stream: true });
    const body = await res.text();
    expect(body).not.toContain('"usage"');
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('answers stream: false with a chat.completion object', async () => {
    sim.enqueue({ text: 'Not streamed', usage: { prompt_tokens: 4, completion_tokens: 2 } });
    const result = await generateText({ model: openai.chat('gpt-4o'), prompt: 'Hi', maxRetries: 0 });
    expect(result.text).toBe('Not streamed');
    expect(result.usage).toMatchObject({ inputTokens: 4, outputTokens: 2 });
    const raw = await readJson(await postChat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'yo' }] }));
    expect(raw).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Echo: yo' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    });
  });

  it('waits firstTokenDelayMs before the first chunk', async () => {
    sim.enqueue({ text: 'late', firstTokenDelayMs: 60 });
    const started = Date.now();
    expect((await collect(stream(openai.chat('gpt-4o')))).text).toBe('late');
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('errors', () => {
  const cases: { kind: OpenAIErrorKind; status: number; type: string | null; code: string; param: string | null }[] = [
    { kind: 'invalid_api_key', status: 401, type: 'invalid_request_error', code: 'invalid_api_key', param: null },
    { kind: 'insufficient_quota', status: 429, type: 'insufficient_quota', code: 'insufficient_quota', param: null },
    { kind: 'rate_limit', status: 429, type: 'requests', code: 'rate_limit_exceeded', param: null },
    {
      kind: 'context_length_exceeded',
      status: 400,
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
      param: 'messages',
    },
    { kind: 'content_filter', status: 400, type: null, code: 'content_filter', param: 'prompt' },
  ];

  it.each(cases)(
    '$kind surfaces as an APICallError $status with the OpenAI body',
    async ({ kind, status, type, code, param }) => {
      sim.enqueue({ error: { status, kind } });
      const out = await collect(stream(openai.chat('gpt-4o')));
      const [error] = out.errors;
      expect(APICallError.isInstance(error)).toBe(true);
      const apiError = error as APICallError;
      expect(apiError.statusCode).toBe(status);
      expect(JSON.parse(apiError.responseBody ?? '')).toMatchObject({
        error: { type, code, param, message: expect.any(String) },
      });
      expect(apiError.message).toBe(JSON.parse(apiError.responseBody ?? '').error.message);
    },
  );

  it('500 carries the server_error body', async () => {
    sim.enqueue({ error: { status: 500 } });
    const [error] = (await collect(stream(openai.chat('gpt-4o')))).errors;
    expect((error as APICallError).statusCode).toBe(500);
    expect(JSON.parse((error as APICallError).responseBody ?? '')).toEqual({
      error: {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
  });

  it('the AI SDK retries a 429 after retry-after-ms, taking the next reply', async () => {
    sim.enqueue({ error: { status: 429, headers: { 'retry-after-ms': '0' } } }, { text: 'after retry' });
    const result = streamText({ model: openai.chat('gpt-4o'), prompt: 'Hi' });
    expect((await collect(result)).text).toBe('after retry');
    expect(sim.requests).toHaveLength(2);
  });

  it('rejects a wrong key with the real 401 body, masked like OpenAI does', async () => {
    const guarded = await startOpenAISimulator({ apiKey: 'sk-right' });
    try {
      const wrongKey = 'sk-PMafPabcdefghijklmnopqrstuvwxyzE873';
      const client = createOpenAI({ baseURL: guarded.url, apiKey: wrongKey });
      const [error] = (await collect(stream(client.chat('gpt-4o')))).errors;
      expect((error as APICallError).statusCode).toBe(401);
      expect(JSON.parse((error as APICallError).responseBody ?? '')).toEqual({
        error: {
          message: `Incorrect API key provided: sk-PMafP${'*'.repeat(wrongKey.length - 12)}E873. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
      const good = createOpenAI({ baseURL: guarded.url, apiKey: 'sk-right' });
      expect((await collect(stream(good.chat('gpt-4o'), 'ok'))).text).toBe('Echo: ok');
    } finally {
      await guarded.close();
    }
  });

  it('errorAt cuts the stream mid-way and the SDK stream fails after the chunks before it', async () => {
    sim.enqueue({ text: 'abcdefghijklmnop', errorAt: 2 });
    const out = await collect(stream(openai.chat('gpt-4o')));
    expect(out.text).toBe('abcdefgh');
    expect(APICallError.isInstance(out.thrown ?? out.errors[0])).toBe(true);
    expect(sim.stats).toMatchObject({ open: 0, dropped: 1, completed: 0 });
  });

  it('answers OpenAI bodies for an unknown route and a body that is not JSON', async () => {
    const notFound = await fetch(`${sim.url}/nope`);
    expect(notFound.status).toBe(404);
    expect(await readJson(notFound)).toMatchObject({
      error: { message: 'Invalid URL (GET /v1/nope)', type: 'invalid_request_error' },
    });
    const badJson = await fetch(`${sim.url}/chat/completions`, { method: 'POST', body: '{oops' });
    expect(badJson.status).toBe(400);
    expect((await readJson(badJson)).error.message).toMatch(/^We could not parse the JSON body/);
  });
});

describe('client abort', () => {
  it('sees the client go away, stops writing and counts the stream as aborted', async () => {
    sim.enqueue({ text: 'x'.repeat(400), chunkSize: 1, delayMs: 5 });
    const controller = new AbortController();
    const result = stream(openai.chat('gpt-4o'), 'Hi', controller.signal);
    let received = 0;
    try {
      for await (const _ of result.textStream) if (++received === 3) controller.abort();
    } catch {
      // an aborted stream may end by throwing the abort reason
    }
    await vi.waitFor(() => expect(sim.stats).toMatchObject({ open: 0, aborted: 1, completed: 0 }));
    expect(received).toBeLessThan(400);
  });
});

describe('close', () => {
  it('cuts open streams and pending delays, and resolves promptly', async () => {
    const closing = await startOpenAISimulator({ defaults: { text: 'z'.repeat(100), chunkSize: 1, delayMs: 50 } });
    const client = createOpenAI({ baseURL: closing.url, apiKey: 'k' });
    const result = stream(client.chat('gpt-4o'));
    const reading = collect(result);
    await vi.waitFor(() => expect(closing.stats.open).toBe(1));
    const started = Date.now();
    await closing.close();
    expect(Date.now() - started).toBeLessThan(500);
    expect((await reading).text.length).toBeLessThan(100);
    expect(closing.stats.open).toBe(0);
  });
});

describe('reasoning through @ai-sdk/openai-compatible', () => {
  it('streams reasoning_content deltas first, surfacing as reasoning parts', async () => {
    const compatible = createOpenAICompatible({
      name: 'deepseek',
      baseURL: sim.url,
      apiKey: 'sk-x',
      includeUsage: true,
    });
    sim.enqueue({
      reasoning: 'Let me think about it.',
      text: 'Answer.',
      usage: { prompt_tokens: 3, completion_tokens: 9, reasoning_tokens: 6 },
    });
    const result = stream(compatible.chatModel('deepseek-reasoner'));
    const out = await collect(result);
    expect(out.reasoning).toBe('Let me think about it.');
    expect(out.text).toBe('Answer.');
    expect(await result.usage).toMatchObject({ inputTokens: 3, outputTokens: 9, reasoningTokens: 6 });
  });
});

describe('choosing replies', () => {
  it('takes queued replies first, then the responder, then the default echo', async () => {
    sim.enqueue({ text: 'first' }, { text: 'second' });
    const compatible = createOpenAICompatible({ name: 'local', baseURL: sim.url });
    const ask = async (prompt: string) => (await collect(stream(compatible.chatModel('m'), prompt))).text;
    expect(await ask('a')).toBe('first');
    expect(await ask('b')).toBe('second');
    sim.setResponder((request) => ({ text: `model ${request.model} got ${request.messages.length} message(s)` }));
    expect(await ask('c')).toBe('model m got 1 message(s)');
    sim.setResponder(undefined);
    expect(await ask('d')).toBe('Echo: d');
  });

  it('applies defaults under every reply', async () => {
    const slow = await startOpenAISimulator({ defaults: { text: 'default text', chunkSize: 100 } });
    try {
      slow.enqueue({ chunkSize: undefined }, { text: 'own text' });
      const client = createOpenAI({ baseURL: slow.url, apiKey: 'k' });
      const first = await collect(stream(client.chat('gpt-4o')));
      expect(first).toMatchObject({ text: 'default text', deltas: 1 });
      expect((await collect(stream(client.chat('gpt-4o')))).text).toBe('own text');
    } finally {
      await slow.close();
    }
  });
});

describe('tool calls through @ai-sdk/openai', () => {
  it('runs a tool loop: streamed arguments, the result in the second request, then the final text', async () => {
    sim.enqueue(
      { text: 'Let me check. ', toolCalls: [{ id: 'call_w1', name: 'get_weather', args: WEATHER_ARGS }], chunkSize: 6 },
      { text: 'It is 21 degrees in Paris.' },
    );
    const out = await runWeatherToolLoop(openai.chat('gpt-4o'));
    expect(out.errors).toEqual([]);
    expect(out.executed).toEqual([WEATHER_ARGS]);
    expect(out.inputStarts).toEqual(['call_w1']);
    expect(out.inputDeltas.length).toBeGreaterThan(1);
    expect(out.inputDeltas.join('')).toBe(JSON.stringify(WEATHER_ARGS));
    expect(out.toolCalls).toEqual([{ toolCallId: 'call_w1', toolName: 'get_weather', input: WEATHER_ARGS }]);
    expect(out.text).toBe('Let me check. It is 21 degrees in Paris.');
    expect(out).toMatchObject({ steps: 2, finishReason: 'stop' });

    expect(sim.requests).toHaveLength(2);
    const [first, second] = sim.requests;
    expect(declaredToolsOf(first)).toMatchObject([
      {
        name: 'get_weather',
        description: 'The current weather of a city',
        schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city', 'unit'] },
      },
    ]);
    expect(toolResultsOf(first)).toEqual([]);
    const output = JSON.stringify(weatherOutput('Paris', 'celsius'));
    expect(toolResultsOf(second)).toMatchObject([{ id: 'call_w1', text: output, isError: false }]);
    expect(second?.body.messages).toContainEqual({ role: 'tool', tool_call_id: 'call_w1', content: output });
    expect(replayedToolCallsOf(second)).toEqual([{ id: 'call_w1', name: 'get_weather', args: WEATHER_ARGS }]);
  });

  it('writes OpenAI tool call frames: a head with id and name, argument pieces, finish_reason tool_calls', async () => {
    sim.enqueue({
      toolCalls: [
        { name: 'get_weather', args: { city: 'Oslo' } },
        { name: 'now', args: {} },
      ],
      chunkSize: 8,
    });
    const res = await postChat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }], stream: true });
    const chunks = (await res.text())
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: {'))
      .map((frame) => JSON.parse(frame.slice('data: '.length)));
    const deltas = chunks.map((chunk) => chunk.choices[0].delta);
    expect(deltas[0]).toEqual({ role: 'assistant', content: '', refusal: null });
    const head = deltas[1].tool_calls[0];
    expect(head).toEqual({
      index: 0,
      id: expect.stringMatching(/^call_[A-Za-z0-9]{24}$/),
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    const pieces = (index: number) =>
      deltas
        .flatMap((delta) => delta.tool_calls ?? [])
        .filter((call: { index: number; id?: string }) => call.index === index && !call.id)
        .map((call: { function: { arguments: string } }) => call.function.arguments);
    expect(pieces(0)).toEqual(['{"city":', '"Oslo"}']);
    expect(deltas.find((delta) => delta.tool_calls?.[0]?.index === 1)?.tool_calls[0].function.name).toBe('now');
    expect(pieces(1)).toEqual(['{}']);
    expect(chunks.at(-1).choices[0]).toMatchObject({ delta: {}, finish_reason: 'tool_calls' });
  });

  it('answers stream: false with message.tool_calls and null content', async () => {
    sim.enqueue({ toolCalls: [{ id: 'call_x', name: 'get_weather', args: WEATHER_ARGS }] });
    const body = await readJson(await postChat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] }));
    expect(body.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_x',
            type: 'function',
            function: { name: 'get_weather', arguments: JSON.stringify(WEATHER_ARGS) },
          },
        ],
      },
    });
  });

  it('a responder that always calls the tool is stopped by stopWhen', async () => {
    sim.setResponder((request) => ({
      toolCalls: [{ name: 'get_weather', args: { city: `City ${toolResultsOf(request).length}`, unit: 'celsius' } }],
    }));
    const out = await runWeatherToolLoop(openai.chat('gpt-4o'));
    expect(out.executed).toEqual([0, 1, 2].map((n) => ({ city: `City ${n}`, unit: 'celsius' })));
    expect(out).toMatchObject({ steps: 3, finishReason: 'tool-calls', text: '' });
    expect(sim.requests).toHaveLength(3);
    expect(new Set(out.toolCalls.map((call) => call.toolCallId)).size).toBe(3);
  });
});

describe('models', () => {
  it('lists models in the OpenAI format and serves one by id', async () => {
    const list = await readJson(await fetch(`${sim.url}/models`));
    expect(list.object).toBe('list');
    expect(list.data[0]).toEqual({ id: 'gpt-4o', object: 'model', created: expect.any(Number), owned_by: 'system' });
    sim.models = ['custom-model'];
    expect((await readJson(await fetch(`${sim.url}/models`))).data.map((model: { id: string }) => model.id)).toEqual([
      'custom-model',
    ]);
    expect((await fetch(`${sim.url}/models/custom-model`)).status).toBe(200);
    const missing = await fetch(`${sim.url}/models/gpt-9`);
    expect(missing.status).toBe(404);
    expect((await readJson(missing)).error.code).toBe('model_not_found');
  });
});

describe('load', () => {
  // A behaviour under load, not a speed: on a busy machine 500 streams take longer than 5 s.
  it('serves 500 concurrent streams', { timeout: 60_000 }, async () => {
    sim.setResponder(() => ({ text: 'y'.repeat(200), delayMs: 1 }));
    const results = await Promise.all(
      Array.from({ length: 500 }, async () => {
        const res = await postChat({ model: 'gpt-4o', messages: [], stream: true });
        return res.text();
      }),
    );
    expect(results.every((body) => body.endsWith('data: [DONE]\n\n'))).toBe(true);
    expect(sim.stats).toMatchObject({ open: 0, completed: 500 });
  });
});
