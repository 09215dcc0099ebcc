import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { mapAzureError } from './map-azure-error.js';

const azureError = (statusCode: number, error: Record<string, unknown>) =>
  new APICallError({
    message: String(error.message),
    url: 'http://x/openai/deployments/d/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify({ error }),
  });

describe('mapAzureError', () => {
  it.each([
    [
      401,
      { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' },
      'invalid_api_key',
    ],
    [
      404,
      { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' },
      'invalid_request_error',
    ],
    [404, { code: '404', message: 'Resource not found' }, 'invalid_request_error'],
    [
      429,
      { code: '429', message: 'Requests to the ChatCompletions_Create Operation have exceeded token rate limit' },
      'rate_limit',
    ],
    [429, { code: 'insufficient_quota', message: 'The subscription has exceeded its quota.' }, 'insufficient_quota'],
    [
      400,
      {
        code: 'content_filter',
        message: "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.",
      },
      'moderation',
    ],
    [
      400,
      { code: 'context_length_exceeded', message: "This model's maximum context length is 128000 tokens." },
      'INPUT_LENGTH',
    ],
    [500, { code: 'InternalServerError', message: 'The server had an error processing your request.' }, 'server_error'],
  ])('%i %o is %s', (status, error, expected) => {
    expect(mapAzureError(azureError(status, error)).type).toBe(expected);
  });

  it('says invalid_user_key when the key was the user’s own', () => {
    expect(mapAzureError(azureError(401, { code: '401', message: 'denied' }), { isUserKey: true }).type).toBe(
      'invalid_user_key',
    );
  });
});
