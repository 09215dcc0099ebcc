import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { decodeCursor, encodeCursor } from './cursor.js';

describe('cursor', () => {
  it('round-trips text and integer sort keys', () => {
    const cursor = encodeCursor(['updatedAt', 'desc', '2024-01-01T00:00:00.000Z', 'id-1']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['string', 'string', 'string', 'string'])).toEqual(['updatedAt', 'desc', '2024-01-01T00:00:00.000Z', 'id-1']);
    expect(decodeCursor(encodeCursor([42]), ['number'])).toEqual([42]);
  });

  const four = ['string', 'string', 'string', 'string'] as const;
  it.each([
    ['garbage', 'not base64 json %%%', four],
    ['a JSON object', Buffer.from('{"a":1}').toString('base64url'), four],
    ['the wrong length', encodeCursor(['a']), four],
    ['the wrong types', encodeCursor([1, 2, 3, 4]), four],
    ['an unsafe number', Buffer.from('[1e300]').toString('base64url'), ['number'] as const],
    ['a fraction', encodeCursor([1.5]), ['number'] as const],
  ])('refuses %s with a validation error', (_name, cursor, shape) => {
    expect(() => decodeCursor(cursor, shape)).toThrow(AppError);
    try {
      decodeCursor(cursor, shape);
    } catch (err) {
      expect((err as AppError).status).toBe(400);
    }
  });
});
