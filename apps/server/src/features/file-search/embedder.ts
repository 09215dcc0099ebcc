import type { EmbeddingModel } from 'ai';
import type { Env } from '../../env.js';
import { loadAiSdk } from '../../providers/ai-sdk.js';

/** Turns texts into vectors with the configured embedding model. */
export interface Embedder {
  /** The model's name as stored beside each vector (a change of model re-indexes). */
  readonly model: string;
  embed(values: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** Why file_search cannot embed, said to the model and the logs. */
export interface EmbedderUnavailable {
  unavailable: string;
}

const DEFAULT_MODELS = { openai: 'text-embedding-3-small', ollama: 'nomic-embed-text' } as const;

/** Texts sent in one request: OpenAI takes up to 2048 inputs, a smaller batch keeps each request modest. */
const MAX_VALUES_PER_CALL = 256;

/**
 * The embedding model from the environment, through the AI SDK: OpenAI (or any OpenAI-compatible
 * server at RAG_OPENAI_BASEURL) or Ollama's OpenAI-compatible API. The URLs are the
 * administrator's, trusted as written (ARCHITECTURE.md: only user-supplied URLs go through the
 * egress guard). A key left to each user (`user_provided`) cannot serve a server-side index.
 */
export function createEmbedder(env: Env): Embedder | EmbedderUnavailable {
  const provider = env.EMBEDDINGS_PROVIDER;
  const modelId = env.EMBEDDINGS_MODEL ?? DEFAULT_MODELS[provider];
  // The SDK packages load at the first embedding (providers/ai-sdk.ts), not with the server.
  let createModel: () => Promise<EmbeddingModel<string>>;
  if (provider === 'ollama') {
    const baseURL = `${env.OLLAMA_BASE_URL.replace(/\/+$/, '')}/v1`;
    createModel = async () =>
      (await import('@ai-sdk/openai-compatible'))
        .createOpenAICompatible({ name: 'ollama', baseURL })
        .textEmbeddingModel(modelId);
  } else {
    const apiKey = env.RAG_OPENAI_API_KEY ?? env.OPENAI_API_KEY;
    if (!apiKey || apiKey === 'user_provided') {
      return { unavailable: 'File search is not configured on this server (no embeddings API key).' };
    }
    const baseURL = env.RAG_OPENAI_BASEURL ?? (env.OPENAI_REVERSE_PROXY || undefined);
    createModel = async () =>
      (await import('@ai-sdk/openai'))
        .createOpenAI({ apiKey, ...(baseURL ? { baseURL } : {}) })
        .textEmbeddingModel(modelId);
  }
  let model: Promise<EmbeddingModel<string>> | undefined;
  return {
    model: modelId,
    async embed(values, signal) {
      const { embedMany } = await loadAiSdk();
      model ??= createModel();
      const vectors: number[][] = [];
      // One request per batch, in order; embedMany runs the model's own split within it.
      for (let i = 0; i < values.length; i += MAX_VALUES_PER_CALL) {
        const { embeddings } = await embedMany({
          model: await model,
          values: values.slice(i, i + MAX_VALUES_PER_CALL),
          maxRetries: 2,
          ...(signal ? { abortSignal: signal } : {}),
        });
        vectors.push(...embeddings);
      }
      return vectors;
    },
  };
}

export const isEmbedder = (value: Embedder | EmbedderUnavailable): value is Embedder => 'embed' in value;
