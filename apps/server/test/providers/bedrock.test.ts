import { startBedrockSimulator, type BedrockScriptedError, type BedrockSimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deltaText, finalFrame } from '../sse-client.js';
import { describeEachDialect } from '../test-server.js';
import { errorOf, reasoningText, startProviderHarness, storedReply, type ProviderHarness } from './provider-harness.js';

const credentials = { accessKeyId: 'AKIDCONFABTEST', secretAccessKey: 'confab-test-secret' };
const CLAUDE_35 = 'anthropic.claude-3-5-sonnet-20241022-v2:0';
const CLAUDE_37 = 'us.anthropic.claude-3-7-sonnet-20250219-v1:0';

describeEachDialect('bedrock endpoint', (dialect) => {
  let sim: BedrockSimulator;
  let harness: ProviderHarness;

  beforeAll(async () => {
    sim = await startBedrockSimulator({ credentials });
    harness = await startProviderHarness({
      dialect,
      endpoint: 'bedrock',
      env: {
        BEDROCK_AWS_ACCESS_KEY_ID: credentials.accessKeyId,
        BEDROCK_AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        BEDROCK_AWS_DEFAULT_REGION: 'eu-west-1',
        BEDROCK_REVERSE_PROXY: sim.url,
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('streams ConverseStream through /api/bedrock/chat, signed for the region, with usage', async () => {
    sim.enqueue({
      text: 'Hello from Bedrock',
      chunkSize: 5,
      usage: { prompt_tokens: 9, completion_tokens: 4, cached_tokens: 3, cache_write_tokens: 6 },
    });
    const { frames } = await harness.ask({ model: CLAUDE_35, text: 'Hi' }, '/api/bedrock/chat');
    expect(deltaText(frames)).toBe('Hello from Bedrock');
    expect(finalFrame(frames)!.data.conversation.endpoint).toBe('bedrock');
    expect((await storedReply(harness, frames)).usage).toEqual({
      promptTokens: 9,
      completionTokens: 4,
      cacheReadTokens: 3,
      cacheWriteTokens: 6,
    });
    const request = sim.requests.at(-1)!;
    expect(request.path).toBe(`/model/${encodeURIComponent(CLAUDE_35)}/converse-stream`);
    expect(String(request.headers.authorization)).toContain(`Credential=${credentials.accessKeyId}/`);
    expect(String(request.headers.authorization)).toContain('/eu-west-1/bedrock/aws4_request');
    // Anthropic defaults on Bedrock: temperature 1, topP 0.999, 8192 tokens.
    expect(request.body.inferenceConfig).toEqual({ maxTokens: 8192, temperature: 1, topP: 0.999 });
  });

  it('streams Claude thinking (reasoningContent) as on_reasoning_delta', async () => {
    sim.enqueue({ reasoning: 'Step by step.', text: 'Result.' });
    const { frames } = await harness.ask({ model: CLAUDE_37, text: 'Think' });
    expect(reasoningText(frames)).toBe('Step by step.');
    expect(deltaText(frames)).toBe('Result.');
    const body = sim.requests.at(-1)!.body;
    expect(body.additionalModelRequestFields.thinking).toEqual({ type: 'enabled', budget_tokens: 2000 });
    expect(body.inferenceConfig.temperature).toBeUndefined();
    expect(body.inferenceConfig.maxTokens).toBe(8192 + 2000);
  });

  it('streams DeepSeek R1 reasoning, which it always sends', async () => {
    sim.enqueue({ reasoning: 'Hmm.', text: 'Yes.' });
    const { frames } = await harness.ask({ model: 'us.deepseek.r1-v1:0' });
    expect(reasoningText(frames)).toBe('Hmm.');
    expect(sim.requests.at(-1)!.body.inferenceConfig).toEqual({ temperature: 0.5, topP: 0.9 });
  });

  it.each([
    ['cohere.command-r-plus-v1:0', { temperature: 0.3, topP: 0.75 }],
    ['mistral.mistral-large-2407-v1:0', { temperature: 0.7, topP: 0.9 }],
    ['meta.llama3-1-70b-instruct-v1:0', { temperature: 0.5, topP: 0.9 }],
    ['ai21.jamba-1-5-large-v1:0', { temperature: 0.5, topP: 0.9 }],
  ])('applies the %s sub-provider defaults', async (model, expected) => {
    sim.enqueue({ text: 'ok' });
    await harness.ask({ model });
    expect(sim.requests.at(-1)!.body.inferenceConfig).toEqual(expected);
  });

  it('clamps to the sub-provider ranges and sends Claude topK as top_k', async () => {
    sim.enqueue({ text: 'ok' }, { text: 'ok' });
    await harness.ask({ model: 'cohere.command-r-v1:0', topP: 1 });
    expect(sim.requests.at(-1)!.body.inferenceConfig.topP).toBe(0.99);
    await harness.ask({ model: CLAUDE_35, topK: 450, temperature: 1.5 });
    const body = sim.requests.at(-1)!.body;
    expect(body.additionalModelRequestFields).toEqual({ top_k: 450 });
    expect(body.inferenceConfig.temperature).toBe(1);
  });

  describe('errors', () => {
    it.each([
      [{ status: 403, kind: 'invalid_api_key' }, 'invalid_api_key'],
      [{ status: 403, kind: 'access_denied' }, 'invalid_request_error'],
      [{ status: 429 }, 'rate_limit'],
      [{ status: 400, kind: 'insufficient_quota' }, 'insufficient_quota'],
      [{ status: 400, kind: 'context_length_exceeded' }, 'INPUT_LENGTH'],
      [{ status: 400, kind: 'content_filter' }, 'moderation'],
      [{ status: 400, kind: 'invalid_request' }, 'invalid_request_error'],
      [{ status: 500 }, 'server_error'],
      [{ status: 503 }, 'server_error'],
    ] as [BedrockScriptedError, string][])('%o becomes %s', async (error, type) => {
      sim.enqueue({ error });
      expect(errorOf((await harness.ask({ model: CLAUDE_35, text: 'x' })).frames)?.type).toBe(type);
    });

    it.each([
      [{ status: 424, inStream: true }, 'server_error'],
      [{ status: 429, inStream: true }, 'rate_limit'],
      [{ status: 400, kind: 'context_length_exceeded', inStream: true }, 'INPUT_LENGTH'],
    ] as [BedrockScriptedError, string][])(
      'an exception frame %o mid-stream becomes %s, keeping the text',
      async (error, type) => {
        sim.enqueue({ text: 'partial reply text', chunkSize: 4, errorAt: 2, error });
        const { frames } = await harness.ask({ model: CLAUDE_35, text: 'x' });
        expect(errorOf(frames)?.type).toBe(type);
        expect(deltaText(frames)).toBe('partial ');
      },
    );

    it('a guardrail stop becomes moderation', async () => {
      sim.enqueue({ finishReason: 'guardrail_intervened' });
      expect(errorOf((await harness.ask({ model: 'amazon.nova-pro-v1:0' })).frames)?.type).toBe('moderation');
    });
  });
});

describe('bedrock endpoint with a wrong secret, and with user-provided credentials', () => {
  let sim: BedrockSimulator;
  let wrong: ProviderHarness;
  let byUser: ProviderHarness;

  beforeAll(async () => {
    sim = await startBedrockSimulator({ credentials });
    const env = { BEDROCK_AWS_ACCESS_KEY_ID: credentials.accessKeyId, BEDROCK_REVERSE_PROXY: sim.url };
    wrong = await startProviderHarness({
      dialect: 'sqlite',
      endpoint: 'bedrock',
      env: { ...env, BEDROCK_AWS_SECRET_ACCESS_KEY: 'not-the-secret' },
    });
    byUser = await startProviderHarness({
      dialect: 'sqlite',
      endpoint: 'bedrock',
      env: { ...env, BEDROCK_AWS_SECRET_ACCESS_KEY: 'user_provided' },
    });
  });
  afterAll(async () => {
    await wrong.close();
    await byUser.close();
    await sim.close();
  });

  it('a signature the fake rejects (InvalidSignatureException) is invalid_api_key', async () => {
    expect(errorOf((await wrong.ask({ model: CLAUDE_35 })).frames)?.type).toBe('invalid_api_key');
  });

  it('signs with the user’s own access key and secret', async () => {
    expect(errorOf((await byUser.ask({ model: CLAUDE_35 })).frames)?.type).toBe('no_user_key');
    const value = JSON.stringify({ accessKeyId: credentials.accessKeyId, apiKey: credentials.secretAccessKey });
    await byUser.client.put('/api/keys', { name: 'bedrock', value, expiresAt: null });
    expect(deltaText((await byUser.ask({ model: CLAUDE_35, text: 'signed' })).frames)).toBe('Echo: signed');
    const wrongValue = JSON.stringify({ accessKeyId: credentials.accessKeyId, apiKey: 'nope' });
    await byUser.client.put('/api/keys', { name: 'bedrock', value: wrongValue, expiresAt: null });
    expect(errorOf((await byUser.ask({ model: CLAUDE_35 })).frames)?.type).toBe('invalid_user_key');
  });
});
