import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { mapGoogleError } from './map-google-error.js';

const googleError = (code: number, status: string, message: string, details?: unknown[]) =>
  new APICallError({
    message,
    url: 'http://x/v1beta/models/gemini:streamGenerateContent',
    requestBodyValues: {},
    statusCode: code,
    responseBody: JSON.stringify({ error: { code, message, status, ...(details ? { details } : {}) } }),
  });

describe('mapGoogleError', () => {
  it.each([
    [
      googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        { reason: 'API_KEY_INVALID' },
      ]),
      'invalid_api_key',
    ],
    [
      googleError(
        403,
        'PERMISSION_DENIED',
        "Method doesn't allow unregistered callers (callers without established identity).",
      ),
      'invalid_api_key',
    ],
    [googleError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'), 'rate_limit'],
    [
      googleError(
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details.',
      ),
      'insufficient_quota',
    ],
    [
      googleError(
        400,
        'INVALID_ARGUMENT',
        'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
      ),
      'INPUT_LENGTH',
    ],
    [googleError(500, 'INTERNAL', 'An internal error has occurred.'), 'server_error'],
    [googleError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'), 'server_error'],
  ])('%s is %s', (error, expected) => {
    expect(mapGoogleError(error).type).toBe(expected);
  });

  it.each([
    googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.'),
    googleError(400, 'FAILED_PRECONDITION', 'User location is not supported for the API use.'),
    googleError(404, 'NOT_FOUND', 'models/gemini-0 is not found for API version v1beta'),
    googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission'),
  ])('anything else is google_error with Google’s message as info: %s', (error) => {
    const mapped = mapGoogleError(error);
    expect(mapped.type).toBe('google_error');
    expect(mapped.info).toBe(error.message);
    expect(JSON.parse(mapped.toFrameText())).toMatchObject({ type: 'google_error', info: error.message });
  });

  it('says invalid_user_key for the user’s own key; a dropped connection is server_error', () => {
    const badKey = googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    expect(mapGoogleError(badKey, { isUserKey: true }).type).toBe('invalid_user_key');
    expect(mapGoogleError(new TypeError('terminated')).type).toBe('server_error');
  });
});
