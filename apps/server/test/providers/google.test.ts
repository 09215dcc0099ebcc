import { startGoogleSimulator, type GoogleScriptedError, type GoogleSimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deltaText, finalFrame } from '../sse-client.js';
import { describeEachDialect } from '../test-server.js';
import { errorOf, reasoningText, startProviderHarness, storedReply, type ProviderHarness } from './provider-harness.js';

describeEachDialect('google endpoint', (dialect) => {
  let sim: GoogleSimulator;
  let harness: ProviderHarness;

  beforeAll(async () => {
    sim = await startGoogleSimulator({ apiKey: 'g-test' });
    harness = await startProviderHarness({
      dialect,
      endpoint: 'google',
      // A host, as LibreChat's GOOGLE_REVERSE_PROXY is; the adapter adds /v1beta.
      env: { GOOGLE_KEY: 'g-test', GOOGLE_REVERSE_PROXY: sim.url.replace(/\/v1beta$/, '') },
    });
  });
  afterAll(async () => {
    await harness.close();
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('streams from the default model with the SPEC 5 defaults and stores usage', async () => {
    sim.enqueue({
      text: 'Hello from Gemini',
      chunkSize: 4,
      usage: { prompt_tokens: 12, completion_tokens: 5, cached_tokens: 2 },
    });
    const { frames } = await harness.ask({ text: 'Hi Gemini', promptPrefix: 'You are terse.' });
    expect(deltaText(frames)).toBe('Hello from Gemini');
    const final = finalFrame(frames)!.data;
    expect(final.conversation.model).toBe('gemini-1.5-flash-latest');
    expect(final.responseMessage.sender).toBe('Gemini');
    expect((await storedReply(harness, frames)).usage).toEqual({
      promptTokens: 12,
      completionTokens: 5,
      cacheReadTokens: 2,
    });
    const request = sim.requests.at(-1)!;
    expect(request.path).toBe('/v1beta/models/gemini-1.5-flash-latest:streamGenerateContent');
    expect(request.body.generationConfig).toMatchObject({
      maxOutputTokens: 8192,
      temperature: 1,
      topP: 0.95,
      topK: 40,
    });
    expect(request.body.generationConfig.thinkingConfig).toBeUndefined();
    expect(request.body.systemInstruction.parts[0].text).toBe('You are terse.');
  });

  it('streams Gemini 2.5 thoughts as on_reasoning_delta, with reasoning tokens', async () => {
    sim.enqueue({
      reasoning: 'Considering options.',
      text: 'Answer.',
      usage: { prompt_tokens: 3, completion_tokens: 2, reasoning_tokens: 7 },
    });
    const { frames } = await harness.ask({ model: 'gemini-2.5-flash', topK: 90 });
    expect(reasoningText(frames)).toBe('Considering options.');
    expect(deltaText(frames)).toBe('Answer.');
    expect((await storedReply(harness, frames)).usage).toMatchObject({ reasoningTokens: 7 });
    const config = sim.requests.at(-1)!.body.generationConfig;
    expect(config.thinkingConfig).toEqual({ includeThoughts: true });
    expect(config.topK).toBe(40);
  });

  describe('safety', () => {
    it('a blocked prompt is moderation, with the reason as info', async () => {
      sim.enqueue({ blockReason: 'SAFETY' });
      expect(errorOf((await harness.ask({ text: 'bad' })).frames)).toMatchObject({
        type: 'moderation',
        info: 'SAFETY',
      });
    });

    it('a SAFETY stop is moderation, naming the blocked category', async () => {
      sim.enqueue({ finishReason: 'SAFETY' });
      expect(errorOf((await harness.ask({ text: 'bad' })).frames)).toMatchObject({
        type: 'moderation',
        info: 'HARM_CATEGORY_HARASSMENT',
      });
    });

    it('a RECITATION stop is google_error, keeping the text so far', async () => {
      sim.enqueue({ text: 'Once upon a time', finishReason: 'RECITATION' });
      const { frames } = await harness.ask({ text: 'recite' });
      const error = errorOf(frames);
      expect(error?.type).toBe('google_error');
      expect(String(error?.info)).toContain('RECITATION');
      expect(deltaText(frames)).toBe('Once upon a time');
    });

    it('a block for another reason is google_error', async () => {
      sim.enqueue({ blockReason: 'OTHER' });
      expect(errorOf((await harness.ask({ text: 'x' })).frames)?.type).toBe('google_error');
    });
  });

  describe('errors', () => {
    it.each([
      [{ status: 400, kind: 'invalid_api_key' }, 'invalid_api_key'],
      [{ status: 429 }, 'rate_limit'],
      [{ status: 429, kind: 'insufficient_quota' }, 'insufficient_quota'],
      [{ status: 400, kind: 'context_length_exceeded' }, 'INPUT_LENGTH'],
      [{ status: 503 }, 'server_error'],
      [{ status: 500 }, 'server_error'],
    ] as [GoogleScriptedError, string][])('%o becomes %s', async (error, type) => {
      sim.enqueue({ error });
      expect(errorOf((await harness.ask({ text: 'x' })).frames)?.type).toBe(type);
    });

    it.each([
      [{ status: 400, kind: 'invalid_request' }, 'Request contains an invalid argument.'],
      [{ status: 400, kind: 'location_not_supported' }, 'User location is not supported for the API use.'],
      [{ status: 404, kind: 'model_not_found' }, 'is not found for API version v1beta'],
    ] as [GoogleScriptedError, string][])(
      '%o becomes google_error with Google’s message as info',
      async (error, info) => {
        sim.enqueue({ error });
        const frameError = errorOf((await harness.ask({ text: 'x' })).frames);
        expect(frameError?.type).toBe('google_error');
        expect(String(frameError?.info)).toContain(info);
      },
    );

    it('an error chunk mid-stream keeps the partial text', async () => {
      sim.enqueue({ text: 'abcdefghij', chunkSize: 2, errorAt: 2, error: { status: 503, inStream: true } });
      const { frames } = await harness.ask({ text: 'x' });
      expect(errorOf(frames)?.type).toBe('server_error');
      expect(deltaText(frames)).toBe('abcd');
    });
  });
});

describe('google endpoint with user-provided keys', () => {
  let sim: GoogleSimulator;
  let harness: ProviderHarness;

  beforeAll(async () => {
    sim = await startGoogleSimulator({ apiKey: 'g-user' });
    harness = await startProviderHarness({
      dialect: 'sqlite',
      endpoint: 'google',
      env: { GOOGLE_KEY: 'user_provided', GOOGLE_REVERSE_PROXY: sim.url },
    });
  });
  afterAll(async () => {
    await harness.close();
    await sim.close();
  });

  it('uses the JSON form’s GOOGLE_API_KEY, and a wrong one is invalid_user_key', async () => {
    expect(errorOf((await harness.ask({})).frames)?.type).toBe('no_user_key');
    await harness.client.put('/api/keys', {
      name: 'google',
      value: JSON.stringify({ GOOGLE_API_KEY: 'g-wrong' }),
      expiresAt: null,
    });
    expect(errorOf((await harness.ask({})).frames)?.type).toBe('invalid_user_key');
    await harness.client.put('/api/keys', {
      name: 'google',
      value: JSON.stringify({ GOOGLE_API_KEY: 'g-user' }),
      expiresAt: null,
    });
    expect(deltaText((await harness.ask({ text: 'mine' })).frames)).toBe('Echo: mine');
    expect(sim.requests.at(-1)!.headers['x-goog-api-key']).toBe('g-user');
  });
});
