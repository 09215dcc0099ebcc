import { APICallError } from '@ai-sdk/provider';
import { z } from 'zod';
import type { RawTrail } from '../stream-provider.js';
import { ProviderError } from '../types.js';

const exceptionBody = z.object({ message: z.string(), originalMessage: z.string().optional() }).passthrough();

/** `ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/` → `ThrottlingException`. */
function nameFromHeader(headers: Record<string, string> | undefined): string | undefined {
  const value = headers?.['x-amzn-errortype'];
  return value ? value.split(':')[0] : undefined;
}

/** A mid-stream exception is named only by its raw chunk's key: `{throttlingException: {...}}`. */
export function exceptionNameFromRaw(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const key = Object.keys(raw).find((k) => k.endsWith('Exception'));
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : undefined;
}

function readError(
  err: unknown,
  trail: RawTrail,
): { name?: string | undefined; message: string; status?: number | undefined } {
  if (APICallError.isInstance(err)) {
    let message = err.message;
    try {
      message = exceptionBody.parse(JSON.parse(err.responseBody ?? '')).message;
    } catch {
      /* keep the SDK's message */
    }
    return { name: nameFromHeader(err.responseHeaders), message, status: err.statusCode };
  }
  const body = exceptionBody.safeParse(err);
  if (body.success) return { name: exceptionNameFromRaw(trail.lastRaw), message: body.data.message };
  return { message: err instanceof Error ? err.message : String(err) };
}

/**
 * Bedrock exceptions (over HTTP: `x-amzn-ErrorType` plus `{message}`; mid-stream: exception
 * frames) to SPEC 8 codes.
 */
export function mapBedrockError(
  err: unknown,
  trail: RawTrail = {},
  options: { isUserKey?: boolean } = {},
): ProviderError {
  if (err instanceof ProviderError) return err;
  const { name, message, status } = readError(err, trail);
  const keyError = options.isUserKey ? 'invalid_user_key' : 'invalid_api_key';
  switch (name) {
    case 'UnrecognizedClientException':
    case 'InvalidSignatureException':
    case 'IncompleteSignatureException':
    case 'MissingAuthenticationTokenException':
    case 'ExpiredTokenException':
      return new ProviderError(keyError, message, status);
    case 'AccessDeniedException':
    case 'ResourceNotFoundException':
      // Usually the account has no access to this model: a message the user should read.
      return new ProviderError('invalid_request_error', message, status);
    case 'ThrottlingException':
    case 'ModelNotReadyException':
      return new ProviderError('rate_limit', message, status);
    case 'ServiceQuotaExceededException':
      return new ProviderError('insufficient_quota', message, status);
    case 'ValidationException':
      if (/too long|too many (input )?tokens|context (window|length)|maximum context/i.test(message))
        return new ProviderError('INPUT_LENGTH', message, status);
      if (/content filtering|guardrail/i.test(message)) return new ProviderError('moderation', message, status);
      return new ProviderError('invalid_request_error', message, status);
    case 'ModelStreamErrorException':
    case 'ModelErrorException':
    case 'ModelTimeoutException':
    case 'InternalServerException':
    case 'ServiceUnavailableException':
      return new ProviderError('server_error', message, status);
    default:
      break;
  }
  if (status === 401 || status === 403) return new ProviderError(keyError, message, status);
  if (status === 429) return new ProviderError('rate_limit', message, status);
  if (status !== undefined && status >= 400 && status < 500)
    return new ProviderError('invalid_request_error', message, status);
  return new ProviderError('server_error', message || 'The provider connection failed', status);
}
