import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { classifyMemoryError } from './memory-errors';

describe('classifyMemoryError', () => {
  it('names a duplicate key, a refusal and a missing memory by their status', () => {
    expect(classifyMemoryError(new ApiError(409, { code: 'conflict', message: 'x' }))).toEqual({ kind: 'duplicate' });
    expect(classifyMemoryError(new ApiError(403, { code: 'forbidden', message: 'x' }))).toEqual({ kind: 'forbidden' });
    expect(classifyMemoryError(new ApiError(404, { code: 'not_found', message: 'x' }))).toEqual({ kind: 'not_found' });
    expect(classifyMemoryError(new ApiError(0, null))).toEqual({ kind: 'network' });
  });

  it('reads the token limit and the valid keys the server sends with its 400', () => {
    const overLimit = { code: 'validation_error', message: 'over', tokenLimit: 100, totalTokens: 90 };
    expect(classifyMemoryError(new ApiError(400, overLimit))).toEqual({
      kind: 'token_limit',
      tokenLimit: 100,
      totalTokens: 90,
    });
    const badKey = { code: 'validation_error', message: 'Key must be one of: a, b.', validKeys: ['a', 'b'] };
    expect(classifyMemoryError(new ApiError(400, badKey))).toEqual({ kind: 'valid_keys', validKeys: ['a', 'b'] });
  });

  it("keeps the server's words for another 400, from `message` or LibreChat's `error`", () => {
    const tooLong = { code: 'validation_error', message: 'Value exceeds maximum length of 10 characters.' };
    expect(classifyMemoryError(new ApiError(400, tooLong))).toEqual({ kind: 'invalid', message: tooLong.message });
    expect(classifyMemoryError(new ApiError(400, { error: 'Key is required.' }))).toEqual({
      kind: 'invalid',
      message: 'Key is required.',
    });
  });

  it('knows nothing of other failures', () => {
    expect(classifyMemoryError(new Error('boom'))).toEqual({ kind: 'unknown' });
    expect(classifyMemoryError(new ApiError(500, { code: 'internal_error', message: 'x' }))).toEqual({
      kind: 'unknown',
    });
  });
});
