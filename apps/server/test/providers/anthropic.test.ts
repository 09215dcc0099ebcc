import { startAnthropicSimulator, type AnthropicScriptedError, type AnthropicSimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deltaText, finalFrame } from '../sse-client.js';
import { describeEachDialect } from '../test-server.js';
import { errorOf, reasoningText, startProviderHarness, storedReply, type ProviderHarness } from './provider-harness.js';

describeEachDialect('anthropic endpoint', (dialect) => {
  let sim: AnthropicSimulator;
  let harness: ProviderHarness;

  beforeAll(async () => {
    sim = await startAnthropicSimulator({ apiKey: 'sk-ant-test' });
    // LibreChat's proxy variable is a host; the adapter adds the /v1 the SDK wants.
    harness = await startProviderHarness({
      dialect,
      endpoint: 'anthropic',
      env: { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_REVERSE_PROXY: sim.url.replace(/\/v1$/, '') },
    });
  });
  afterAll(async () => {
    await harness.close();
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('streams a reply from the default model with prompt caching and stores its usage', async () => {
    sim.enqueue({
      text: 'Hello from Claude',
      chunkSize: 5,
      usage: { prompt_tokens: 30, completion_tokens: 4, cached_tokens: 10, cache_write_tokens: 20 },
    });
    const { status, frames } = await harness.ask({ text: 'Hi Claude', promptPrefix: 'Be brief.' });
    expect(status).toBe(200);
    expect(deltaText(frames)).toBe('Hello from Claude');
    const final = finalFrame(frames)!.data;
    expect(final.conversation.endpoint).toBe('anthropic');
    expect(final.conversation.model).toBe('claude-3-5-sonnet-latest');
    expect(final.responseMessage.sender).toBe('Claude');
    const reply = await storedReply(harness, frames);
    expect(reply.usage).toEqual({ promptTokens: 30, completionTokens: 4, cacheReadTokens: 10, cacheWriteTokens: 20 });

    const body = sim.requests.at(-1)!.body;
    expect(body.model).toBe('claude-3-5-sonnet-latest');
    expect(body.max_tokens).toBe(8192);
    expect(body.thinking).toBeUndefined();
    expect(body.system).toEqual([{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }]);
    expect(body.messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
  });

  it('streams thinking as on_reasoning_delta and keeps it in the stored reply', async () => {
    sim.enqueue({ reasoning: 'Let me think this through.', text: 'Here is my answer.', chunkSize: 6 });
    const { frames } = await harness.ask({ model: 'claude-3-7-sonnet-latest', text: 'Think hard', temperature: 0.3 });
    expect(reasoningText(frames)).toBe('Let me think this through.');
    expect(deltaText(frames)).toBe('Here is my answer.');
    const reply = await storedReply(harness, frames);
    expect(reply.content).toEqual([
      // How long it thought (durationMs) is there when the thinking took a measurable time on this machine.
      expect.objectContaining({ type: 'think', think: 'Let me think this through.' }),
      { type: 'text', text: 'Here is my answer.' },
    ]);
    const body = sim.requests.at(-1)!.body;
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2000 });
    // The budget comes on top of the reply's own tokens; temperature is not allowed while thinking.
    expect(body.max_tokens).toBe(8192 + 2000);
    expect(body.temperature).toBeUndefined();
  });

  it('honours the thinking, budget and prompt-cache settings a user sends', async () => {
    sim.enqueue({ text: 'no thoughts' }, { reasoning: 'r', text: 'big budget' });
    await harness.ask({ model: 'claude-3-7-sonnet-latest', text: 'quick', thinking: false, promptCache: false, promptPrefix: 'Sys' });
    const off = sim.requests.at(-1)!.body;
    expect(off.thinking).toBeUndefined();
    expect(JSON.stringify(off)).not.toContain('cache_control');
    await harness.ask({ model: 'claude-3-7-sonnet-latest', text: 'deep', thinkingBudget: 5000 });
    expect(sim.requests.at(-1)!.body.thinking).toEqual({ type: 'enabled', budget_tokens: 5000 });
  });

  it('clamps parameters to the Anthropic ranges and caps legacy models at 4096 tokens', async () => {
    sim.enqueue({ text: 'ok' });
    await harness.ask({ model: 'claude-3-opus-latest', temperature: 1.7, topK: 120, maxOutputTokens: 50_000 });
    const body = sim.requests.at(-1)!.body;
    expect(body).toMatchObject({ temperature: 1, top_k: 40, max_tokens: 4096 });
  });

  describe('errors', () => {
    it.each([
      [{ status: 401 }, 'invalid_api_key'],
      [{ status: 403 }, 'invalid_api_key'],
      [{ status: 429 }, 'rate_limit'],
      [{ status: 400, kind: 'context_length_exceeded' }, 'INPUT_LENGTH'],
      [{ status: 400, kind: 'content_filter' }, 'moderation'],
      [{ status: 400, kind: 'insufficient_quota' }, 'insufficient_quota'],
      [{ status: 400, kind: 'invalid_request' }, 'invalid_request_error'],
      [{ status: 529 }, 'server_error'],
      [{ status: 500 }, 'server_error'],
    ] as [AnthropicScriptedError, string][])('%o becomes %s in the error frame', async (error, type) => {
      sim.enqueue({ error });
      const { frames } = await harness.ask({ text: 'x' });
      expect(errorOf(frames)?.type).toBe(type);
      const reply = await storedReply(harness, frames);
      expect(reply.error).toBe(true);
    });

    it('an overload mid-stream keeps the partial text with a server_error', async () => {
      sim.enqueue({
        text: 'The first part and the rest',
        chunkSize: 4,
        errorAt: 3,
        error: { status: 529, inStream: true },
      });
      const { frames } = await harness.ask({ text: 'x' });
      expect(errorOf(frames)).toMatchObject({ type: 'server_error', message: 'Overloaded' });
      expect((await storedReply(harness, frames)).content.find((p: any) => p.type === 'text').text).toBe(
        'The first pa',
      );
    });

    it('a refusal stop becomes moderation', async () => {
      sim.enqueue({ text: 'I will not', finishReason: 'refusal' });
      expect(errorOf((await harness.ask({ text: 'x' })).frames)?.type).toBe('moderation');
    });
  });
});

describe('anthropic endpoint with user-provided keys', () => {
  let sim: AnthropicSimulator;
  let harness: ProviderHarness;

  beforeAll(async () => {
    sim = await startAnthropicSimulator({ apiKey: 'sk-ant-user' });
    harness = await startProviderHarness({
      dialect: 'sqlite',
      endpoint: 'anthropic',
      env: { ANTHROPIC_API_KEY: 'user_provided', ANTHROPIC_REVERSE_PROXY: sim.url },
    });
  });
  afterAll(async () => {
    await harness.close();
    await sim.close();
  });

  it('asks for a key, uses the user’s key, and calls a wrong one invalid_user_key', async () => {
    expect((await harness.client.get('/api/endpoints')).json.anthropic).toMatchObject({ userProvide: true });
    expect(errorOf((await harness.ask({})).frames)?.type).toBe('no_user_key');
    await harness.client.put('/api/keys', { name: 'anthropic', value: 'sk-ant-wrong', expiresAt: null });
    expect(errorOf((await harness.ask({})).frames)?.type).toBe('invalid_user_key');
    await harness.client.put('/api/keys', { name: 'anthropic', value: 'sk-ant-user', expiresAt: null });
    const { frames } = await harness.ask({ text: 'mine' });
    expect(deltaText(frames)).toBe('Echo: mine');
    expect(sim.requests.at(-1)!.headers['x-api-key']).toBe('sk-ant-user');
  });
});

describe('anthropic conversation titles', () => {
  let sim: AnthropicSimulator;
  let harness: ProviderHarness;

  beforeAll(async () => {
    sim = await startAnthropicSimulator();
    harness = await startProviderHarness({
      dialect: 'sqlite',
      endpoint: 'anthropic',
      env: {
        ANTHROPIC_API_KEY: 'k',
        ANTHROPIC_REVERSE_PROXY: sim.url,
        TITLE_CONVO: 'true',
        ANTHROPIC_TITLE_MODEL: 'claude-3-5-haiku-latest',
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await sim.close();
  });

  it('titles a conversation with the title model, without thinking, through the non-streamed API', async () => {
    sim.setResponder((request) => (request.stream ? { reasoning: 'hmm', text: 'Sure.' } : { text: 'Greeting Claude' }));
    const { frames } = await harness.ask({ model: 'claude-3-7-sonnet-latest', text: 'Hello Claude' });
    const conversationId = finalFrame(frames)!.data.conversation.conversationId;
    const res = await harness.client.post('/api/convos/gen_title', { conversationId });
    expect(res.json.title).toBe('Greeting Claude');
    const titleRequest = sim.requests.find((r) => r.body.stream !== true)!;
    expect(titleRequest.body.model).toBe('claude-3-5-haiku-latest');
    expect(titleRequest.body.thinking).toBeUndefined();
    expect(titleRequest.body.max_tokens).toBe(32);
  });
});
