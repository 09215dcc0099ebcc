import { describe, expect, it } from 'vitest';
import { cosineSimilarity, decodeVector, encodeVector, rankBySimilarity } from './vector-math.js';

describe('vectors at rest', () => {
  it('round-trips through little-endian float32 bytes', () => {
    const vector = [0.5, -0.25, 1e-3, 0.333];
    const bytes = encodeVector(vector);
    expect(bytes.byteLength).toBe(16);
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0x00, 0x00, 0x00, 0x3f]);
    Array.from(decodeVector(bytes)).forEach((v, i) => expect(v).toBeCloseTo(vector[i] ?? NaN, 6));
  });

  it('reads a vector from a Buffer that is a window on a larger pool', () => {
    const pool = Buffer.alloc(64);
    Buffer.from(encodeVector([1, 2, 3])).copy(pool, 20);
    expect(Array.from(decodeVector(pool.subarray(20, 32)))).toEqual([1, 2, 3]);
  });
});

describe('cosine ranking', () => {
  it('scores direction, not length', () => {
    expect(cosineSimilarity([1, 0], [5, 0])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 3])).toBeCloseTo(0);
    expect(cosineSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1);
    expect(cosineSimilarity([0, 0], [1, 0])).toBe(0);
    expect(cosineSimilarity([1, 0], [1, 0, 0])).toBe(0);
  });

  it('answers the nearest items first, at most `limit`', () => {
    const items = [
      { id: 'far', vector: [0, 1, 0] },
      { id: 'near', vector: [0.9, 0.1, 0] },
      { id: 'exact', vector: [2, 0, 0] },
      { id: 'opposite', vector: [-1, 0, 0] },
    ];
    const ranked = rankBySimilarity([1, 0, 0], items, 3);
    expect(ranked.map((r) => r.id)).toEqual(['exact', 'near', 'far']);
    expect(ranked[0]?.score).toBeCloseTo(1);
    expect(rankBySimilarity([1, 0, 0], items, 0)).toEqual([]);
  });
});
