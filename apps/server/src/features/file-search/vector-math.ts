/**
 * Embeddings at rest and their ranking. A vector is stored as little-endian float32 bytes (half the
 * size of float64, and as precise as any embedding model's output) and ranked by exact cosine
 * similarity: file_search looks through the passages of an agent's few files, where an exact scan
 * is fast and an approximate index would only lose recall (see migration 011).
 */

/** The bytes stored for a vector. */
export function encodeVector(vector: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  vector.forEach((value, i) => view.setFloat32(i * 4, value, true));
  return bytes;
}

/** A stored vector back as numbers (pg answers a Buffer, better-sqlite3 a Buffer too: both are Uint8Arrays). */
export function decodeVector(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Float32Array(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < vector.length; i += 1) vector[i] = view.getFloat32(i * 4, true);
  return vector;
}

/** Cosine similarity in [-1, 1]; 0 when either vector is all zeros or their lengths differ. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** The `limit` items nearest to `query`, nearest first, each with its score. */
export function rankBySimilarity<T extends { vector: ArrayLike<number> }>(
  query: ArrayLike<number>,
  items: readonly T[],
  limit: number,
): (T & { score: number })[] {
  return items
    .map((item) => ({ ...item, score: cosineSimilarity(query, item.vector) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, Math.max(0, limit));
}
