import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { mapFinishReason } from './map-finish-reason.js';
import { mapOpenAIError } from './map-openai-error.js';

const callError = (statusCode: number, error: Record<string, unknown>) =>
  new APICallError({
    message: String(error.message ?? 'x'),
    url: 'http://x/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify({ error }),
  });

describe('mapOpenAIError', () => {
  it.each([
    [401, { message: 'Incorrect API key', type: 'invalid_request_error', code: 'invalid_api_key' }, 'invalid_api_key'],
    [429, { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' }, 'insufficient_quota'],
    [429, { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' }, 'rate_limit'],
    [400, { message: "This model's maximum context length is 128000 tokens", code: 'context_length_exceeded' }, 'INPUT_LENGTH'],
    [400, { message: 'flagged', code: 'content_filter' }, 'moderation'],
    [400, { message: 'bad param', type: 'invalid_request_error' }, 'invalid_request_error'],
    [500, { message: 'The server had an error', type: 'server_error' }, 'server_error'],
  ])('maps %i %o to %s', (status, body, expected) => {
    expect(mapOpenAIError(callError(status, body)).type).toBe(expected);
  });

  it('says invalid_user_key when the key was the user’s own', () => {
    expect(mapOpenAIError(callError(401, { code: 'invalid_api_key' }), { isUserKey: true }).type).toBe('invalid_user_key');
  });

  it('treats a dropped connection as a server error with its message', () => {
    const mapped = mapOpenAIError(new TypeError('terminated'));
    expect(mapped.type).toBe('server_error');
    expect(mapped.message).toBe('terminated');
  });
});

describe('mapFinishReason', () => {
  it('maps the AI SDK union', () => {
    expect(mapFinishReason('stop')).toBe('stop');
    expect(mapFinishReason('length')).toBe('length');
    expect(mapFinishReason('content-filter')).toBe('content_filter');
    expect(mapFinishReason('other')).toBe('unknown');
  });
});
