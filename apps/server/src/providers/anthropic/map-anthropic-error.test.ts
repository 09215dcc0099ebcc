import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { mapAnthropicError } from './map-anthropic-error.js';

const httpError = (statusCode: number, type: string, message: string) =>
  new APICallError({
    message,
    url: 'http://x/v1/messages',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify({ type: 'error', error: { type, message } }),
  });

describe('mapAnthropicError', () => {
  it.each([
    [401, 'authentication_error', 'invalid x-api-key', 'invalid_api_key'],
    [
      403,
      'permission_error',
      'Your API key does not have permission to use the specified resource.',
      'invalid_api_key',
    ],
    [429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', 'rate_limit'],
    [529, 'overloaded_error', 'Overloaded', 'server_error'],
    [500, 'api_error', 'Internal server error', 'server_error'],
    [400, 'invalid_request_error', 'prompt is too long: 208310 tokens > 200000 maximum', 'INPUT_LENGTH'],
    [413, 'request_too_large', 'Request exceeds the maximum allowed number of bytes.', 'INPUT_LENGTH'],
    [400, 'invalid_request_error', 'Your credit balance is too low to access the Anthropic API.', 'insufficient_quota'],
    [400, 'invalid_request_error', 'Output blocked by content filtering policy', 'moderation'],
    [400, 'invalid_request_error', 'messages: at least one message is required', 'invalid_request_error'],
    [404, 'not_found_error', 'model: claude-9', 'invalid_request_error'],
  ])('%i %s (%s) is %s', (status, type, message, expected) => {
    const mapped = mapAnthropicError(httpError(status, type, message));
    expect(mapped.type).toBe(expected);
    expect(mapped.message).toBe(message);
    expect(mapped.status).toBe(status);
  });

  it('says invalid_user_key when the key was the user’s own', () => {
    expect(
      mapAnthropicError(httpError(401, 'authentication_error', 'invalid x-api-key'), { isUserKey: true }).type,
    ).toBe('invalid_user_key');
  });

  it('maps a stream error event, which arrives unwrapped', () => {
    expect(mapAnthropicError({ type: 'overloaded_error', message: 'Overloaded' })).toMatchObject({
      type: 'server_error',
      message: 'Overloaded',
    });
    expect(mapAnthropicError({ type: 'rate_limit_error', message: 'slow down' }).type).toBe('rate_limit');
  });

  it('judges a body that is not Anthropic’s by its status, and a dropped connection as server_error', () => {
    const html = new APICallError({
      message: 'Bad Gateway',
      url: 'x',
      requestBodyValues: {},
      statusCode: 502,
      responseBody: '<html>',
    });
    expect(mapAnthropicError(html).type).toBe('server_error');
    expect(mapAnthropicError(new TypeError('terminated'))).toMatchObject({
      type: 'server_error',
      message: 'terminated',
    });
  });
});
