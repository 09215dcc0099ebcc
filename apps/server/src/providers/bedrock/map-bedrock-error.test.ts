import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { exceptionNameFromRaw, mapBedrockError } from './map-bedrock-error.js';

const awsError = (statusCode: number, name: string, message: string) =>
  new APICallError({
    message,
    url: 'http://x/model/m/converse-stream',
    requestBodyValues: {},
    statusCode,
    responseHeaders: { 'x-amzn-errortype': `${name}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
    responseBody: JSON.stringify({ message }),
  });

describe('mapBedrockError', () => {
  it.each([
    [403, 'UnrecognizedClientException', 'The security token included in the request is invalid.', 'invalid_api_key'],
    [403, 'InvalidSignatureException', 'The request signature we calculated does not match', 'invalid_api_key'],
    [
      403,
      'AccessDeniedException',
      "You don't have access to the model with the specified model ID.",
      'invalid_request_error',
    ],
    [429, 'ThrottlingException', 'Too many requests, please wait before trying again.', 'rate_limit'],
    [400, 'ServiceQuotaExceededException', 'Your request exceeded the service quota', 'insufficient_quota'],
    [400, 'ValidationException', 'Input is too long for requested model.', 'INPUT_LENGTH'],
    [
      400,
      'ValidationException',
      'The model returned the following errors: prompt is too long: 210000 tokens > 200000 maximum',
      'INPUT_LENGTH',
    ],
    [
      400,
      'ValidationException',
      'The model returned the following errors: Output blocked by content filtering policy',
      'moderation',
    ],
    [
      400,
      'ValidationException',
      'Malformed input request, please reformat your input and try again.',
      'invalid_request_error',
    ],
    [424, 'ModelStreamErrorException', 'The model returned the following errors: Overloaded', 'server_error'],
    [500, 'InternalServerException', 'The server encountered an internal error', 'server_error'],
    [503, 'ServiceUnavailableException', 'Bedrock is unable to process your request.', 'server_error'],
  ])('%i %s is %s', (status, name, message, expected) => {
    const mapped = mapBedrockError(awsError(status, name, message));
    expect(mapped.type).toBe(expected);
    expect(mapped.message).toBe(message);
  });

  it('names a mid-stream exception from its raw chunk', () => {
    const trail = {
      lastRaw: { throttlingException: { message: 'Too many tokens, please wait before trying again.' } },
    };
    expect(mapBedrockError({ message: 'Too many tokens, please wait before trying again.' }, trail).type).toBe(
      'rate_limit',
    );
    expect(exceptionNameFromRaw({ modelStreamErrorException: {} })).toBe('ModelStreamErrorException');
    expect(exceptionNameFromRaw({ contentBlockDelta: {} })).toBeUndefined();
  });

  it('says invalid_user_key for the user’s credentials; falls back on the status', () => {
    expect(mapBedrockError(awsError(403, 'UnrecognizedClientException', 'x'), {}, { isUserKey: true }).type).toBe(
      'invalid_user_key',
    );
    const unnamed = new APICallError({
      message: 'x',
      url: 'x',
      requestBodyValues: {},
      statusCode: 429,
      responseBody: '{}',
    });
    expect(mapBedrockError(unnamed).type).toBe('rate_limit');
    expect(mapBedrockError(new Error('socket hang up')).type).toBe('server_error');
  });
});
