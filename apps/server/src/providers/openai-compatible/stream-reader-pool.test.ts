import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import { transportFor } from '../provider-transport.js';
import { ProviderError, type ProviderEvent } from '../types.js';
import { createOpenAICompatibleProvider } from './openai-compatible-provider.js';
import { configureStreamReaders, startStreamReaders, streamReaders } from './stream-reader-pool.js';

const endpoint = (baseURL: string): EndpointDefinition => ({
  name: 'openAI',
  family: 'openAI',
  apiKey: 'sk-test',
  baseURL,
  modelsConfigured: false,
  models: ['gpt-4o-mini'],
  fetchModels: false,
  headers: {},
  addParams: {},
  dropParams: [],
  titleConvo: false,
  order: 0,
});

async function collect(
  stream: AsyncIterable<ProviderEvent>,
): Promise<{ text: string; events: ProviderEvent[]; error?: ProviderError }> {
  const events: ProviderEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    return { text: textOf(events), events, error: err };
  }
  return { text: textOf(events), events };
}
const textOf = (events: ProviderEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');

/**
 * The OpenAI-compatible stream path read on reader threads (the default on a machine with two
 * cores or more) and on the server's own thread (STREAM_READER_THREADS=0): the same parts, the
 * same errors, and an abort that reaches the provider.
 */
for (const threads of [0, 1]) {
  describe(`OpenAI-compatible streams, ${threads} reader threads`, () => {
    let sim: OpenAISimulator;
    const stream = (signal = new AbortController().signal, options: { userUrl?: boolean } = {}) => {
      const credentials = {
        apiKey: 'sk-test',
        baseURL: sim.url,
        isUserKey: false,
        isUserBaseURL: options.userUrl ?? false,
        fields: {},
      };
      return createOpenAICompatibleProvider(endpoint(sim.url), credentials, transportFor(credentials)).stream({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hi' }],
        settings: {},
        signal,
      });
    };

    beforeAll(async () => {
      sim = await startOpenAISimulator();
      configureStreamReaders(threads);
      // The threads start at the first stream; these tests are about reading on them.
      await startStreamReaders();
    });
    afterAll(async () => {
      configureStreamReaders(0);
      await sim.close();
    });
    beforeEach(() => sim.reset());

    it('streams reasoning, text, finish and usage', async () => {
      sim.enqueue({
        reasoning: 'Let me think.',
        text: 'Hello there, how can I help? ✓',
        chunkSize: 3,
        usage: { prompt_tokens: 9, completion_tokens: 7 },
      });
      const { text, events, error } = await collect(stream());
      expect(error).toBeUndefined();
      expect(text).toBe('Hello there, how can I help? ✓');
      expect(
        events
          .filter((e) => e.type === 'reasoning')
          .map((e) => (e as { text: string }).text)
          .join(''),
      ).toBe('Let me think.');
      expect(events.at(-1)).toMatchObject({
        type: 'finish',
        finishReason: 'stop',
        usage: { promptTokens: 9, completionTokens: 7 },
      });
    });

    it('reads an error status as the SDK does', async () => {
      sim.enqueue({ error: { status: 401 } });
      const { error } = await collect(stream());
      expect(error?.type).toBe('invalid_api_key');
    });

    it('keeps the text before a connection cut, then fails', async () => {
      sim.enqueue({ text: 'one two three four five', chunkSize: 4, errorAt: 3, delayMs: 5 });
      const { text, error } = await collect(stream());
      expect(text).toBe('one two thre');
      expect(error?.type).toBe('server_error');
    });

    it('stops the provider call on abort', async () => {
      sim.enqueue({ text: 'x'.repeat(400), chunkSize: 4, delayMs: 10 });
      const controller = new AbortController();
      const seen: string[] = [];
      await expect(
        (async () => {
          for await (const event of stream(controller.signal)) {
            if (event.type === 'text') seen.push(event.text);
            if (seen.length === 2) controller.abort();
          }
        })(),
      ).rejects.toThrow();
      await vi.waitFor(() => expect(sim.stats.aborted).toBe(1));
      expect(sim.stats.completed).toBe(0);
    });

    it('refuses a user-supplied base URL inside the network', async () => {
      const { error } = await collect(stream(undefined, { userUrl: true }));
      expect(error?.type).toBe('invalid_request_error');
      expect(error?.message).toMatch(/base URL is not allowed/);
      expect(sim.requests).toHaveLength(0);
    });
  });
}

describe('OpenAI-compatible streams while the reader thread loads', () => {
  let sim: OpenAISimulator;
  beforeAll(async () => {
    sim = await startOpenAISimulator();
  });
  afterAll(async () => {
    configureStreamReaders(0);
    await sim.close();
  });

  it('reads the first stream on the server’s thread, without waiting, and starts the thread for the next', async () => {
    configureStreamReaders(1);
    // An idle server has no thread running: none started before a stream was asked for.
    expect(streamReaders()).toBeUndefined();
    sim.enqueue({ text: 'First reply.', chunkSize: 4 });
    const credentials = { apiKey: 'sk-test', baseURL: sim.url, isUserKey: false, isUserBaseURL: false, fields: {} };
    const provider = createOpenAICompatibleProvider(endpoint(sim.url), credentials, transportFor(credentials));
    const first = await collect(
      provider.stream({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hi' }],
        settings: {},
        signal: new AbortController().signal,
      }),
    );
    expect(first.error).toBeUndefined();
    expect(first.text).toBe('First reply.');
    await startStreamReaders();
    expect(streamReaders()).toBeDefined();
    sim.enqueue({ text: 'Second reply.', chunkSize: 4 });
    const second = await collect(
      provider.stream({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hi' }],
        settings: {},
        signal: new AbortController().signal,
      }),
    );
    expect(second.text).toBe('Second reply.');
  });
});
