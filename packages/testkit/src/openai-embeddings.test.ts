import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { cosineSimilarity, embed, embedMany } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBEDDING_DIMENSIONS,
  simulateEmbedding,
  startOpenAISimulator,
  type OpenAISimulator,
} from './index.js';

let sim: OpenAISimulator;
beforeAll(async () => {
  sim = await startOpenAISimulator({ apiKey: 'sk-embed' });
});
afterAll(() => sim.close());

const post = (body: unknown) =>
  fetch(`${sim.url}/embeddings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-embed' },
    body: JSON.stringify(body),
  });

describe('POST /v1/embeddings', () => {
  it('embeds through @ai-sdk/openai: deterministic unit vectors, similar texts nearer', async () => {
    const openai = createOpenAI({ baseURL: sim.url, apiKey: 'sk-embed' });
    const texts = [
      'The zorblax fluid boils at 412 kelvin in the reactor.',
      'At what temperature does zorblax fluid boil?',
      'Quarterly sales of garden furniture rose in spring.',
    ];
    const { embeddings, usage } = await embedMany({
      model: openai.textEmbedding('text-embedding-3-small'),
      values: texts,
      maxRetries: 0,
    });
    expect(embeddings).toHaveLength(3);
    expect(embeddings[0]).toHaveLength(DEFAULT_EMBEDDING_DIMENSIONS);
    expect(Math.hypot(...(embeddings[0] ?? []))).toBeCloseTo(1, 5);
    expect(usage.tokens).toBeGreaterThan(0);
    const [passage, question, other] = embeddings as [number[], number[], number[]];
    expect(cosineSimilarity(passage, question)).toBeGreaterThan(cosineSimilarity(other, question));
    expect(passage).toEqual(simulateEmbedding(texts[0] ?? ''));
    const again = await embed({
      model: openai.textEmbedding('text-embedding-3-small'),
      value: texts[0] ?? '',
      maxRetries: 0,
    });
    expect(again.embedding).toEqual(passage);
  });

  it('embeds through @ai-sdk/openai-compatible and honours dimensions', async () => {
    const provider = createOpenAICompatible({ name: 'sim', baseURL: sim.url, apiKey: 'sk-embed' });
    const { embedding } = await embed({
      model: provider.textEmbeddingModel('nomic-embed-text'),
      value: 'hello world',
      providerOptions: { sim: { dimensions: 64 } },
      maxRetries: 0,
    });
    expect(embedding).toHaveLength(64);
  });

  it('answers base64 float32 when asked, as the openai package requests by default', async () => {
    const res = await post({ model: 'm', input: 'base sixty four', encoding_format: 'base64', dimensions: 8 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { embedding: string }[] };
    const bytes = Buffer.from(body.data[0]?.embedding ?? '', 'base64');
    const floats = Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
    expect(floats).toHaveLength(8);
    simulateEmbedding('base sixty four', 8).forEach((v, i) => expect(floats[i]).toBeCloseTo(v, 6));
  });

  it('refuses what OpenAI refuses, with its error bodies', async () => {
    expect((await post({ input: 'x' })).status).toBe(400);
    const noInput = await post({ model: 'm' });
    expect(noInput.status).toBe(400);
    expect(((await noInput.json()) as { error: { param: string } }).error.param).toBe('input');
    expect((await post({ model: 'm', input: [1, 2] })).status).toBe(400);
    expect((await post({ model: 'm', input: 'x', dimensions: 0 })).status).toBe(400);
    const unauthorized = await fetch(`${sim.url}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' },
      body: JSON.stringify({ model: 'm', input: 'x' }),
    });
    expect(unauthorized.status).toBe(401);
  });
});
