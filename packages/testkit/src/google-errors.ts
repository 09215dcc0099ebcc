import type { GoogleErrorKind, GoogleScriptedError } from './google-types.js';

/** The JSON error body of Google APIs (google.rpc.Status). */
export interface GoogleErrorBody {
  error: { code: number; message: string; status: string; details?: unknown[] };
}

const INPUT_LIMIT = 1_048_576;

const googleError = (code: number, message: string, status: string, details?: unknown[]): GoogleErrorBody => ({
  error: { code, message, status, ...(details ? { details } : {}) },
});

const API_KEY_INVALID = 'API key not valid. Please pass a valid API key.';

/** 400 for a wrong key: Gemini answers INVALID_ARGUMENT with reason API_KEY_INVALID, not 401. */
export const INVALID_API_KEY_BODY: GoogleErrorBody = googleError(400, API_KEY_INVALID, 'INVALID_ARGUMENT', [
  {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: 'API_KEY_INVALID',
    domain: 'googleapis.com',
    metadata: { service: 'generativelanguage.googleapis.com' },
  },
  { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message: API_KEY_INVALID },
]);

/** 403 for a request without any key. */
export const MISSING_API_KEY_BODY: GoogleErrorBody = googleError(
  403,
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
  'PERMISSION_DENIED',
);

function defaultKind(status: number): GoogleErrorKind {
  if (status === 401) return 'invalid_api_key';
  if (status === 403) return 'permission_denied';
  if (status === 404) return 'model_not_found';
  if (status === 429) return 'rate_limit';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

/** The body the real Gemini API answers for `kind`; `code` is the HTTP status. */
export function getGoogleErrorBody(
  kind: GoogleErrorKind,
  status: number,
  context: { model: string; promptTokens: number },
): GoogleErrorBody {
  switch (kind) {
    case 'invalid_api_key':
      return { error: { ...INVALID_API_KEY_BODY.error, code: status } };
    case 'permission_denied':
      return googleError(status, 'The caller does not have permission', 'PERMISSION_DENIED');
    case 'model_not_found':
      return googleError(
        status,
        `models/${context.model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
        'NOT_FOUND',
      );
    case 'rate_limit':
      return googleError(status, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED');
    case 'insufficient_quota':
      return googleError(
        status,
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
        'RESOURCE_EXHAUSTED',
        [
          {
            '@type': 'type.googleapis.com/google.rpc.Help',
            links: [
              {
                description: 'Learn more about Gemini API quotas',
                url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
              },
            ],
          },
        ],
      );
    case 'context_length_exceeded':
      return googleError(
        status,
        `The input token count (${Math.max(context.promptTokens, INPUT_LIMIT + 1)}) exceeds the maximum number of tokens allowed (${INPUT_LIMIT}).`,
        'INVALID_ARGUMENT',
      );
    case 'content_filter':
    case 'invalid_request':
      return googleError(status, 'Request contains an invalid argument.', 'INVALID_ARGUMENT');
    case 'location_not_supported':
      return googleError(status, 'User location is not supported for the API use.', 'FAILED_PRECONDITION');
    case 'unavailable':
      return googleError(status, 'The model is overloaded. Please try again later.', 'UNAVAILABLE');
    case 'server_error':
      return googleError(
        status,
        'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
        'INTERNAL',
      );
  }
}

export function buildGoogleError(
  error: GoogleScriptedError,
  context: { model: string; promptTokens: number },
): { status: number; body: GoogleErrorBody; headers: Record<string, string> } {
  const body = getGoogleErrorBody(error.kind ?? defaultKind(error.status), error.status, context);
  if (error.message !== undefined) body.error.message = error.message;
  return { status: error.status, body, headers: { ...error.headers } };
}
