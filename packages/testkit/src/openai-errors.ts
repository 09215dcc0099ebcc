import type { OpenAIErrorKind, ScriptedError } from './openai-types.js';

/** The JSON error body of the OpenAI API. */
export interface OpenAIErrorBody {
  error: {
    message: string;
    type: string | null;
    param: string | null;
    code: string | null;
    [key: string]: unknown;
  };
}

/** A complete error answer: status, body and extra headers. */
export interface OpenAIErrorResponse {
  status: number;
  body: OpenAIErrorBody;
  headers: Record<string, string>;
}

/** What the vendor's message texts interpolate. */
export interface OpenAIErrorContext {
  model: string;
  /** The key the client sent, for the 401 message. */
  apiKey?: string;
  /** Estimated prompt tokens, for the context length message. */
  promptTokens?: number;
}

const API_KEYS_URL = 'https://platform.openai.com/account/api-keys';
const CONTEXT_WINDOW = 128_000;

function body(message: string, type: string | null, param: string | null, code: string | null): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}

/** Masks a key the way OpenAI does: `sk-PMafP*****...*****E873` (short keys are shown as sent). */
export function maskApiKey(key: string): string {
  if (key.length <= 12) return key;
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

function defaultKind(status: number): OpenAIErrorKind {
  if (status === 401) return 'invalid_api_key';
  if (status === 404) return 'model_not_found';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

/** The body the real API answers for `kind` (messages as OpenAI, and Azure for content filtering, word them). */
export function getOpenAIErrorBody(kind: OpenAIErrorKind, context: OpenAIErrorContext): OpenAIErrorBody {
  switch (kind) {
    case 'invalid_api_key':
      return body(
        `Incorrect API key provided: ${maskApiKey(context.apiKey ?? '')}. You can find your API key at ${API_KEYS_URL}.`,
        'invalid_request_error',
        null,
        'invalid_api_key',
      );
    case 'insufficient_quota':
      return body(
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        'insufficient_quota',
        null,
        'insufficient_quota',
      );
    case 'rate_limit':
      return body(
        `Rate limit reached for ${context.model} in organization org-testkit on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms. Visit https://platform.openai.com/account/rate-limits to learn more.`,
        'requests',
        null,
        'rate_limit_exceeded',
      );
    case 'context_length_exceeded':
      return body(
        `This model's maximum context length is ${CONTEXT_WINDOW} tokens. However, your messages resulted in ${Math.max(context.promptTokens ?? 0, CONTEXT_WINDOW + 1)} tokens. Please reduce the length of the messages.`,
        'invalid_request_error',
        'messages',
        'context_length_exceeded',
      );
    case 'server_error':
      return body(
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
        null,
        null,
      );
    case 'content_filter':
      // OpenAI's own chat API has no such 400; this is Azure OpenAI's, which the openAI and azure endpoints share.
      return {
        error: {
          message:
            "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
          type: null,
          param: 'prompt',
          code: 'content_filter',
          status: 400,
          innererror: {
            code: 'ResponsibleAIPolicyViolation',
            content_filter_result: {
              hate: { filtered: false, severity: 'safe' },
              self_harm: { filtered: false, severity: 'safe' },
              sexual: { filtered: false, severity: 'safe' },
              violence: { filtered: true, severity: 'medium' },
            },
          },
        },
      };
    case 'model_not_found':
      return body(
        `The model \`${context.model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        null,
        'model_not_found',
      );
    case 'invalid_request':
      return body('Invalid request.', 'invalid_request_error', null, null);
  }
}

/** Resolves a scripted error into the status, body and headers to send. */
export function buildScriptedError(error: ScriptedError, context: OpenAIErrorContext): OpenAIErrorResponse {
  const kind = error.kind ?? defaultKind(error.status);
  const errorBody = getOpenAIErrorBody(kind, context);
  if (error.message !== undefined) errorBody.error.message = error.message;
  const headers: Record<string, string> =
    kind === 'rate_limit'
      ? {
          'x-ratelimit-limit-requests': '500',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': '120ms',
        }
      : {};
  return { status: error.status, body: errorBody, headers: { ...headers, ...error.headers } };
}

/** 401 for a request without any key. */
export const MISSING_API_KEY_BODY: OpenAIErrorBody = body(
  `You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from ${API_KEYS_URL}.`,
  'invalid_request_error',
  null,
  null,
);

/** 400 for a body that is not JSON. */
export const INVALID_JSON_BODY: OpenAIErrorBody = body(
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
  'invalid_request_error',
  null,
  null,
);

/** 400 for a missing required field. */
export function getMissingParameterBody(param: string): OpenAIErrorBody {
  return body(`Missing required parameter: '${param}'.`, 'invalid_request_error', param, 'missing_required_parameter');
}

/** 404 for an unknown route. */
export function getInvalidUrlBody(method: string, path: string): OpenAIErrorBody {
  return body(`Invalid URL (${method} ${path})`, 'invalid_request_error', null, null);
}
