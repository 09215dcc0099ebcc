import type { BedrockErrorKind, BedrockScriptedError } from './bedrock-types.js';

/** A Bedrock exception: its name (the `x-amzn-ErrorType` header, or the stream's `:exception-type`) and message. */
export interface BedrockException {
  name: string;
  message: string;
  /** ModelStreamErrorException carries the model's own status and message. */
  extra?: Record<string, unknown>;
}

function defaultKind(status: number): BedrockErrorKind {
  if (status === 401 || status === 403) return 'invalid_api_key';
  if (status === 404) return 'model_not_found';
  if (status === 408) return 'model_timeout';
  if (status === 424) return 'model_stream_error';
  if (status === 429) return 'rate_limit';
  if (status === 503) return 'service_unavailable';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

/** The exception the real service raises for `kind`, worded as AWS words it. */
export function getBedrockException(kind: BedrockErrorKind): BedrockException {
  switch (kind) {
    case 'invalid_api_key':
      return { name: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
    case 'invalid_signature':
      return {
        name: 'InvalidSignatureException',
        message:
          'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      };
    case 'access_denied':
      return {
        name: 'AccessDeniedException',
        message: "You don't have access to the model with the specified model ID.",
      };
    case 'model_not_found':
      return {
        name: 'ResourceNotFoundException',
        message: 'Could not resolve the foundation model from the provided model identifier.',
      };
    case 'rate_limit':
      return { name: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' };
    case 'insufficient_quota':
      return {
        name: 'ServiceQuotaExceededException',
        message:
          'Your request exceeded the service quota for your account. You can view your quotas at https://docs.aws.amazon.com/servicequotas/latest/userguide/gs-request-quota.html.',
      };
    case 'context_length_exceeded':
      return { name: 'ValidationException', message: 'Input is too long for requested model.' };
    case 'content_filter':
      return {
        name: 'ValidationException',
        message: 'The model returned the following errors: Output blocked by content filtering policy',
      };
    case 'invalid_request':
      return {
        name: 'ValidationException',
        message: 'Malformed input request, please reformat your input and try again.',
      };
    case 'model_stream_error':
      return {
        name: 'ModelStreamErrorException',
        message: 'The model returned the following errors: Overloaded',
        extra: { originalStatusCode: 529, originalMessage: 'Overloaded' },
      };
    case 'model_timeout':
      return {
        name: 'ModelTimeoutException',
        message: 'Model has timed out in processing the request. Try your request again.',
      };
    case 'service_unavailable':
      return { name: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' };
    case 'server_error':
      return {
        name: 'InternalServerException',
        message: 'The server encountered an internal error while processing the request.',
      };
  }
}

export function buildBedrockException(error: BedrockScriptedError): BedrockException {
  const exception = getBedrockException(error.kind ?? defaultKind(error.status));
  return error.message === undefined ? exception : { ...exception, message: error.message };
}

/** Headers of an HTTP error answer: the exception name in `x-amzn-ErrorType`, as restJson1 services send it. */
export function bedrockErrorHeaders(exception: BedrockException, requestId: string): Record<string, string> {
  const namespace = /Unrecognized|Signature/.test(exception.name) ? 'com.amazon.coral.service' : 'com.amazon.bedrock';
  return {
    'x-amzn-errortype': `${exception.name}:http://internal.amazon.com/coral/${namespace}/`,
    'x-amzn-requestid': requestId,
  };
}
