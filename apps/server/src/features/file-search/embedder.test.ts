import { simulateEmbedding, startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../env.js';
import { createEmbedder, isEmbedder, type Embedder } from './embedder.js';

let sim: OpenAISimulator;
beforeAll(async () => {
  sim = await startOpenAISimulator();
});
afterAll(() => sim.close());

const embedderOf = (vars: Record<string, string>): Embedder => {
  const embedder = createEmbedder(readEnv(vars));
  if (!isEmbedder(embedder)) throw new Error(embedder.unavailable);
  return embedder;
};

describe('createEmbedder', () => {
  it('prefers RAG_OPENAI_* over the OpenAI endpoint’s key and URL, with the model asked for', async () => {
    const embedder = embedderOf({
      RAG_OPENAI_API_KEY: 'sk-rag',
      RAG_OPENAI_BASEURL: sim.url,
      OPENAI_API_KEY: 'sk-chat',
      OPENAI_REVERSE_PROXY: 'http://127.0.0.1:9/v1',
      EMBEDDINGS_MODEL: 'text-embedding-3-large',
    });
    expect(embedder.model).toBe('text-embedding-3-large');
    const from = sim.requests.length;
    const [vector] = await embedder.embed(['hello embeddings']);
    expect(vector).toEqual(simulateEmbedding('hello embeddings'));
    const request = sim.requests[from];
    expect(request?.headers.authorization).toBe('Bearer sk-rag');
    expect(request?.body).toMatchObject({ model: 'text-embedding-3-large', input: ['hello embeddings'] });
  });

  it('sends many passages in batches and answers them in order', async () => {
    const embedder = embedderOf({ OPENAI_API_KEY: 'sk-chat', OPENAI_REVERSE_PROXY: sim.url });
    expect(embedder.model).toBe('text-embedding-3-small');
    const values = Array.from({ length: 600 }, (_, i) => `passage number ${i}`);
    const from = sim.requests.length;
    const vectors = await embedder.embed(values);
    expect(sim.requests.length - from).toBe(3);
    expect(vectors[599]).toEqual(simulateEmbedding('passage number 599'));
  });

  it('speaks to Ollama through its OpenAI-compatible API', async () => {
    const embedder = embedderOf({ EMBEDDINGS_PROVIDER: 'ollama', OLLAMA_BASE_URL: sim.url.replace(/\/v1$/, '') });
    expect(embedder.model).toBe('nomic-embed-text');
    expect(await embedder.embed(['local model'])).toEqual([simulateEmbedding('local model')]);
  });

  it('is unavailable without a server key (a key each user brings cannot index for the server)', () => {
    expect(isEmbedder(createEmbedder(readEnv({})))).toBe(false);
    expect(createEmbedder(readEnv({ OPENAI_API_KEY: 'user_provided' }))).toEqual({
      unavailable: 'File search is not configured on this server (no embeddings API key).',
    });
  });
});
