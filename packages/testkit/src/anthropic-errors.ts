import type { AnthropicErrorKind, AnthropicScriptedError } from './anthropic-types.js';

/** The JSON error body of the Anthropic API. */
export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
}

export interface AnthropicErrorResponse {
  status: number;
  body: AnthropicErrorBody;
  headers: Record<string, string>;
}

const CONTEXT_WINDOW = 200_000;

export const anthropicError = (type: string, message: string): AnthropicErrorBody => ({
  type: 'error',
  error: { type, message },
});

function defaultKind(status: number): AnthropicErrorKind {
  if (status === 401) return 'invalid_api_key';
  if (status === 403) return 'permission_denied';
  if (status === 404) return 'model_not_found';
  if (status === 429) return 'rate_limit';
  if (status === 529) return 'overloaded';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

/** The body the real API answers for `kind`, worded as Anthropic words it. */
export function getAnthropicErrorBody(
  kind: AnthropicErrorKind,
  context: { model: string; promptTokens: number },
): AnthropicErrorBody {
  switch (kind) {
    case 'invalid_api_key':
      return anthropicError('authentication_error', 'invalid x-api-key');
    case 'permission_denied':
      return anthropicError('permission_error', 'Your API key does not have permission to use the specified resource.');
    case 'model_not_found':
      return anthropicError('not_found_error', `model: ${context.model}`);
    case 'rate_limit':
      return anthropicError(
        'rate_limit_error',
        'Number of request tokens has exceeded your per-minute rate limit (https://docs.anthropic.com/en/api/rate-limits); see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later. You may also contact sales at https://www.anthropic.com/contact-sales to discuss your options for a rate limit increase.',
      );
    case 'insufficient_quota':
      return anthropicError(
        'invalid_request_error',
        'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
      );
    case 'context_length_exceeded':
      return anthropicError(
        'invalid_request_error',
        `prompt is too long: ${Math.max(context.promptTokens, CONTEXT_WINDOW + 1)} tokens > ${CONTEXT_WINDOW} maximum`,
      );
    case 'content_filter':
      return anthropicError('invalid_request_error', 'Output blocked by content filtering policy');
    case 'invalid_request':
      return anthropicError('invalid_request_error', 'messages: at least one message is required');
    case 'server_error':
      return anthropicError('api_error', 'Internal server error');
    case 'overloaded':
      return anthropicError('overloaded_error', 'Overloaded');
  }
}

/** Resolves a scripted error into the status, body and headers to send. */
export function buildAnthropicError(
  error: AnthropicScriptedError,
  context: { model: string; promptTokens: number },
): AnthropicErrorResponse {
  const kind = error.kind ?? defaultKind(error.status);
  const body = getAnthropicErrorBody(kind, context);
  if (error.message !== undefined) body.error.message = error.message;
  const headers: Record<string, string> =
    kind === 'rate_limit' ? { 'retry-after': '5', 'anthropic-ratelimit-input-tokens-remaining': '0' } : {};
  return { status: error.status, body, headers: { ...headers, ...error.headers } };
}
