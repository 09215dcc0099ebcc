import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { APICallError, generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGoogleSimulator } from './google-simulator.js';
import type { GoogleSimulator } from './google-types.js';
import { declaredToolsOf, replayedToolCallsOf, toolResultsOf } from './tool-requests.js';
import { runWeatherToolLoop, WEATHER_ARGS, weatherOutput } from './tool-loop-harness.js';

describe('Google simulator with @ai-sdk/google', () => {
  let sim: GoogleSimulator;
  const model = (apiKey = 'g-test', id = 'gemini-2.5-flash') =>
    createGoogleGenerativeAI({ baseURL: sim.url, apiKey })(id);

  beforeAll(async () => {
    sim = await startGoogleSimulator({ apiKey: 'g-test' });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('streams with ?alt=sse: thoughts, text and usageMetadata', async () => {
    sim.enqueue({
      reasoning: 'Hmm.',
      text: 'Hello from Gemini',
      chunkSize: 5,
      usage: { prompt_tokens: 4, completion_tokens: 4, reasoning_tokens: 2, cached_tokens: 1 },
    });
    const result = streamText({
      model: model(),
      prompt: 'Hi',
      maxRetries: 0,
      topK: 40,
      providerOptions: { google: { thinkingConfig: { includeThoughts: true } } },
    });
    expect(await result.text).toBe('Hello from Gemini');
    expect(await result.reasoningText).toBe('Hmm.');
    expect(await result.totalUsage).toMatchObject({
      inputTokens: 4,
      outputTokens: 4,
      reasoningTokens: 2,
      cachedInputTokens: 1,
    });
    const request = sim.requests[0]!;
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent');
    expect(request.headers['x-goog-api-key']).toBe('g-test');
    expect(request.body.generationConfig.topK).toBe(40);
  });

  it('answers generateContent with an echo', async () => {
    const { text } = await generateText({ model: model(), prompt: 'ping', maxRetries: 0 });
    expect(text).toBe('Echo: ping');
  });

  it('blocks a prompt with promptFeedback.blockReason', async () => {
    sim.enqueue({ blockReason: 'SAFETY' });
    const result = streamText({ model: model(), prompt: 'bad', maxRetries: 0 });
    expect(await result.text).toBe('');
    expect(await result.finishReason).toBe('content-filter');
    const metadata = (await result.providerMetadata)?.google as { promptFeedback?: { blockReason?: string } };
    expect(metadata.promptFeedback?.blockReason).toBe('SAFETY');
  });

  it('stops with SAFETY and a blocked rating', async () => {
    sim.enqueue({ finishReason: 'content_filter' });
    const result = streamText({ model: model(), prompt: 'bad', maxRetries: 0 });
    expect(await result.finishReason).toBe('content-filter');
    const metadata = (await result.providerMetadata)?.google as { safetyRatings?: { blocked?: boolean }[] };
    expect(metadata.safetyRatings?.some((r) => r.blocked)).toBe(true);
  });

  it.each([
    [{ status: 400, kind: 'invalid_api_key' as const }, 'INVALID_ARGUMENT', 'API key not valid'],
    [{ status: 429 }, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted'],
    [
      { status: 400, kind: 'context_length_exceeded' as const },
      'INVALID_ARGUMENT',
      'exceeds the maximum number of tokens',
    ],
    [{ status: 503 }, 'UNAVAILABLE', 'overloaded'],
  ])('answers %o with the real error body', async (error, status, message) => {
    sim.enqueue({ error });
    const caught = await generateText({ model: model(), prompt: 'x', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(caught)).toBe(true);
    const body = JSON.parse((caught as APICallError).responseBody ?? '{}');
    expect(body.error).toMatchObject({ code: error.status, status });
    expect(body.error.message).toContain(message);
  });

  it('rejects a wrong key the way Gemini does: 400 API_KEY_INVALID', async () => {
    const caught = (await generateText({ model: model('nope'), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    )) as APICallError;
    expect(caught.statusCode).toBe(400);
    expect(JSON.parse(caught.responseBody ?? '{}').error.details[0].reason).toBe('API_KEY_INVALID');
  });

  it('answers an unknown model with NOT_FOUND', async () => {
    await expect(
      generateText({ model: model('g-test', 'gemini-0'), prompt: 'x', maxRetries: 0 }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('runs a tool loop: a functionCall part, the functionResponse in the next request, the final text', async () => {
    sim.enqueue(
      { text: 'Looking it up. ', toolCalls: [{ name: 'get_weather', args: WEATHER_ARGS }] },
      { text: 'Sunny, 21 degrees.' },
    );
    const out = await runWeatherToolLoop(model());
    expect(out.errors).toEqual([]);
    expect(out.executed).toEqual([WEATHER_ARGS]);
    // Gemini sends the arguments whole: one delta, and the AI SDK mints the call id.
    expect(out.inputDeltas).toEqual([JSON.stringify(WEATHER_ARGS)]);
    expect(out.toolCalls).toMatchObject([{ toolName: 'get_weather', input: WEATHER_ARGS }]);
    expect(out).toMatchObject({ text: 'Looking it up. Sunny, 21 degrees.', steps: 2, finishReason: 'stop' });

    const [first, second] = sim.requests;
    expect(declaredToolsOf(first)).toMatchObject([
      {
        name: 'get_weather',
        description: 'The current weather of a city',
        schema: { type: 'object', required: ['city', 'unit'] },
      },
    ]);
    expect(first?.body.tools).toMatchObject([{ functionDeclarations: [{ name: 'get_weather' }] }]);
    const output = JSON.stringify(weatherOutput('Paris', 'celsius'));
    expect(toolResultsOf(second)).toMatchObject([{ name: 'get_weather', text: output }]);
    expect(second?.body.contents.at(-1)).toMatchObject({
      role: 'user',
      parts: [
        {
          functionResponse: {
            name: 'get_weather',
            response: { name: 'get_weather', content: weatherOutput('Paris', 'celsius') },
          },
        },
      ],
    });
    expect(replayedToolCallsOf(second)).toMatchObject([{ name: 'get_weather', args: WEATHER_ARGS }]);
  });

  it('sends functionCall parts whole in the final chunk with finishReason STOP, ids only when scripted', async () => {
    sim.enqueue({
      toolCalls: [
        { name: 'get_weather', args: { city: 'Oslo' } },
        { id: 'fc_1', name: 'now', args: {} },
      ],
    });
    const res = await fetch(`${sim.url}/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'g-test' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] }),
    });
    const chunks = (await res.text())
      .split('\r\n\r\n')
      .filter(Boolean)
      .map((frame) => JSON.parse(frame.slice('data: '.length)));
    expect(chunks).toHaveLength(1);
    expect(chunks[0].candidates[0]).toMatchObject({
      content: {
        role: 'model',
        parts: [
          { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
          { functionCall: { id: 'fc_1', name: 'now', args: {} } },
        ],
      },
      finishReason: 'STOP',
    });
    expect(chunks[0].candidates[0].content.parts[0].functionCall).not.toHaveProperty('id');
  });

  it('a responder that always calls the tool is stopped by stopWhen', async () => {
    sim.setResponder(() => ({ toolCalls: [{ name: 'get_weather', args: WEATHER_ARGS }] }));
    const out = await runWeatherToolLoop(model());
    expect(out).toMatchObject({ steps: 3, finishReason: 'tool-calls' });
    expect(out.executed).toHaveLength(3);
    expect(toolResultsOf(sim.requests[2])).toHaveLength(2);
  });
});
