import { APICallError } from '@ai-sdk/provider';
import { z } from 'zod';
import { ProviderError } from '../types.js';

const errorShape = z.object({ type: z.string(), message: z.string() });
/** HTTP errors wrap the error (`{type: 'error', error}`); a stream's error event reaches us unwrapped. */
const anthropicErrorBody = z.union([
  z.object({ type: z.literal('error'), error: errorShape }).transform((b) => b.error),
  errorShape,
]);

function parseError(err: unknown): { type: string; message: string; status?: number | undefined } | undefined {
  if (APICallError.isInstance(err)) {
    try {
      const parsed = anthropicErrorBody.safeParse(JSON.parse(err.responseBody ?? ''));
      if (parsed.success) return { ...parsed.data, status: err.statusCode };
    } catch {
      /* not JSON: judged by status below */
    }
    return undefined;
  }
  const parsed = anthropicErrorBody.safeParse(err);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Anthropic errors (`{type: 'error', error: {type, message}}`, as HTTP bodies or stream
 * events) to the SPEC 8 code the UI shows.
 */
export function mapAnthropicError(err: unknown, options: { isUserKey?: boolean } = {}): ProviderError {
  if (err instanceof ProviderError) return err;
  const keyError = options.isUserKey ? 'invalid_user_key' : 'invalid_api_key';
  const parsed = parseError(err);
  const status = parsed?.status ?? (APICallError.isInstance(err) ? err.statusCode : undefined);
  const message = parsed?.message ?? (err instanceof Error ? err.message : String(err));
  switch (parsed?.type) {
    case 'authentication_error':
    case 'permission_error':
      return new ProviderError(keyError, message, status);
    case 'rate_limit_error':
      return new ProviderError('rate_limit', message, status);
    case 'overloaded_error':
    case 'api_error':
      return new ProviderError('server_error', message, status);
    case 'request_too_large':
      return new ProviderError('INPUT_LENGTH', message, status);
    case 'not_found_error':
      return new ProviderError('invalid_request_error', message, status);
    case 'invalid_request_error':
      if (/prompt is too long|too many total text bytes|context window/i.test(message))
        return new ProviderError('INPUT_LENGTH', message, status);
      if (/credit balance is too low/i.test(message)) return new ProviderError('insufficient_quota', message, status);
      if (/content filtering policy/i.test(message)) return new ProviderError('moderation', message, status);
      return new ProviderError('invalid_request_error', message, status);
    default:
      break;
  }
  if (status === 401 || status === 403) return new ProviderError(keyError, message, status);
  if (status === 429) return new ProviderError('rate_limit', message, status);
  if (status !== undefined && status >= 400 && status < 500)
    return new ProviderError('invalid_request_error', message, status);
  return new ProviderError('server_error', message || 'The provider connection failed', status);
}
