import { createHash } from 'node:crypto';
import { getMissingParameterBody, INVALID_JSON_BODY, type OpenAIErrorBody } from './openai-errors.js';

/** Dimensions of a simulated embedding when the request does not ask for `dimensions`. */
export const DEFAULT_EMBEDDING_DIMENSIONS = 256;

/** Words too common to say what a text is about (they would pull every pair of texts together). */
const STOP_WORDS = new Set(
  'the and for are was were with that this from what which who how does did has have had not but you your its into than then they them their there about when where why our out'.split(
    ' ',
  ),
);

/** The words of a text as the simulated model sees them: lower case, letters and digits, three or more. */
export function embeddingWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
}

/**
 * A deterministic embedding: a hashed bag of words, L2-normalised. Texts that share words lie
 * near each other (cosine similarity grows with the words they share), so retrieval can be
 * tested against it; the same text always gives the same vector.
 */
export function simulateEmbedding(text: string, dimensions = DEFAULT_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of embeddingWords(text)) {
    const digest = createHash('sha1').update(word).digest();
    const index = digest.readUInt32BE(0) % dimensions;
    // A sign bit spreads unrelated words around zero instead of piling them up.
    vector[index] = (vector[index] ?? 0) + ((digest[4] ?? 0) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...vector);
  // A text without words still gets a unit vector, as a real model would give some vector.
  if (norm === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
  return vector.map((v) => v / norm);
}

/** An embedding as OpenAI sends it with `encoding_format: "base64"`: little-endian float32 bytes. */
function toBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

export type EmbeddingsAnswer = { status: 200; body: unknown } | { status: 400; body: OpenAIErrorBody };

const badRequest = (message: string, param: string | null): EmbeddingsAnswer => ({
  status: 400,
  body: { error: { message, type: 'invalid_request_error', param, code: null } },
});

/** Answers `POST /v1/embeddings` in OpenAI's shape (float arrays, or base64 when asked). */
export function answerEmbeddings(body: unknown): EmbeddingsAnswer {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { status: 400, body: INVALID_JSON_BODY };
  const request = body as { model?: unknown; input?: unknown; dimensions?: unknown; encoding_format?: unknown };
  if (typeof request.model !== 'string') return { status: 400, body: getMissingParameterBody('model') };
  if (request.input === undefined) return { status: 400, body: getMissingParameterBody('input') };
  const inputs = typeof request.input === 'string' ? [request.input] : request.input;
  if (!Array.isArray(inputs) || inputs.length === 0 || !inputs.every((i): i is string => typeof i === 'string')) {
    return badRequest(
      "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.",
      'input',
    );
  }
  const dimensions = request.dimensions === undefined ? DEFAULT_EMBEDDING_DIMENSIONS : request.dimensions;
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1 || dimensions > 4096) {
    return badRequest('Invalid value for dimensions.', 'dimensions');
  }
  const asBase64 = request.encoding_format === 'base64';
  const tokens = inputs.reduce((sum, text) => sum + Math.max(1, Math.ceil(text.length / 4)), 0);
  return {
    status: 200,
    body: {
      object: 'list',
      data: inputs.map((text, index) => {
        const vector = simulateEmbedding(text, dimensions);
        return { object: 'embedding', index, embedding: asBase64 ? toBase64(vector) : vector };
      }),
      model: request.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
  };
}
