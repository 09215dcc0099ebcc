import { buildTinyGguf } from '@confab/testkit';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProviderError, type ProviderEvent, type ProviderRequest } from '../types.js';
import { getLlamaRuntime } from './llama-runtime.js';
import { buildLocalEndpoint } from './local-endpoint.js';
import { createLocalModelProvider } from './local-model-provider.js';

const runtime = await getLlamaRuntime();
const dir = mkdtempSync(join(tmpdir(), 'confab-local-provider-'));
writeFileSync(join(dir, 'tiny.gguf'), buildTinyGguf({ contextLength: 1024 }));
writeFileSync(join(dir, 'other.gguf'), buildTinyGguf({ contextLength: 256, seed: 7 }));
const endpoint = buildLocalEndpoint(dir, ['tiny.gguf', 'other.gguf'])!;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function request(overrides: Partial<ProviderRequest> = {}): ProviderRequest {
  return {
    model: 'tiny.gguf',
    messages: [{ role: 'user', content: 'Hello there' }],
    settings: { temperature: 0 },
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function collect(events: AsyncIterable<ProviderEvent>, onEvent?: (e: ProviderEvent) => void) {
  const seen: ProviderEvent[] = [];
  for await (const event of events) {
    seen.push(event);
    onEvent?.(event);
  }
  return seen;
}

const textOf = (events: ProviderEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');

describe.skipIf(!runtime.isAvailable)('the Local model provider (node-llama-cpp, a tiny GGUF)', () => {
  const provider = createLocalModelProvider(endpoint);

  it('streams text deltas to a finish with the token limit as its reason and the usage counted', async () => {
    const events = await collect(provider.stream(request({ settings: { temperature: 0, max_tokens: 12 } })));
    const finish = events.at(-1);
    expect(finish).toMatchObject({ type: 'finish', finishReason: 'length' });
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(1);
    expect(textOf(events).length).toBeGreaterThan(0);
    if (finish?.type !== 'finish') throw new Error('no finish');
    expect(finish.usage?.completionTokens).toBe(12);
    expect(finish.usage?.promptTokens).toBeGreaterThan(2);
  });

  it('gives the same reply to the same request at temperature 0, and complete() returns its text', async () => {
    const settings = { temperature: 0, max_tokens: 8 };
    const streamed = textOf(await collect(provider.stream(request({ settings }))));
    expect(await provider.complete(request({ settings }))).toBe(streamed);
  });

  it('stops when the signal aborts, and the next request runs', async () => {
    const controller = new AbortController();
    let deltas = 0;
    const events = await collect(provider.stream(request({ signal: controller.signal })), (e) => {
      if (e.type === 'text' && ++deltas === 3) controller.abort();
    });
    // Without max_tokens the limit is the context (1024 tokens): far more than were written.
    expect(deltas).toBeLessThan(200);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'incomplete' });
    const next = await collect(provider.stream(request({ settings: { temperature: 0, max_tokens: 3 } })));
    expect(next.at(-1)).toMatchObject({ type: 'finish', finishReason: 'length' });
  });

  it('ends at once, with nothing, for a request stopped before its turn', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await collect(provider.stream(request({ signal: controller.signal })))).toEqual([]);
  });

  it('switches to another file of the folder and back', async () => {
    const other = await collect(
      provider.stream(request({ model: 'other.gguf', settings: { temperature: 0, max_tokens: 4 } })),
    );
    expect(other.at(-1)).toMatchObject({ type: 'finish', finishReason: 'length' });
    const back = await collect(provider.stream(request({ settings: { temperature: 0, max_tokens: 4 } })));
    expect(back.at(-1)).toMatchObject({ type: 'finish', finishReason: 'length' });
  });

  it('refuses a model the folder does not list, as a provider error', async () => {
    await expect(collect(provider.stream(request({ model: 'missing.gguf' })))).rejects.toBeInstanceOf(ProviderError);
  });

  it('answers a provider error when the file is not a model', async () => {
    writeFileSync(join(dir, 'broken.gguf'), Buffer.from('GGUF but nothing else'));
    const broken = createLocalModelProvider(buildLocalEndpoint(dir, ['broken.gguf'])!);
    const failure = await collect(broken.stream(request({ model: 'broken.gguf' }))).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).type).toBe('server_error');
  });
});
