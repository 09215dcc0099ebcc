import { APICallError } from '@ai-sdk/provider';
import { z } from 'zod';
import { ProviderError } from './types.js';

const openAIErrorBody = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().nullish(),
    code: z.union([z.string(), z.number()]).nullish(),
  }),
});

function parseBody(body: string | undefined) {
  if (!body) return undefined;
  try {
    const parsed = openAIErrorBody.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Maps an OpenAI-compatible error (status + JSON body as the real API sends it) to the
 * SPEC 8 code the UI renders.
 */
export function mapOpenAIError(err: unknown, options: { isUserKey?: boolean } = {}): ProviderError {
  if (err instanceof ProviderError) return err;
  if (APICallError.isInstance(err)) {
    const body = parseBody(err.responseBody);
    const status = err.statusCode;
    const message = body?.message ?? err.message;
    const code = String(body?.code ?? '');
    const type = body?.type ?? '';
    if (status === 401 || code === 'invalid_api_key') {
      return new ProviderError(options.isUserKey ? 'invalid_user_key' : 'invalid_api_key', message, status);
    }
    if (code === 'insufficient_quota' || type === 'insufficient_quota')
      return new ProviderError('insufficient_quota', message, status);
    if (status === 429) return new ProviderError('rate_limit', message, status);
    if (code === 'context_length_exceeded' || /maximum context length|context window|too many tokens/i.test(message)) {
      return new ProviderError('INPUT_LENGTH', message, status);
    }
    if (
      code === 'content_filter' ||
      code === 'content_policy_violation' ||
      /content (management )?policy|flagged/i.test(message)
    ) {
      return new ProviderError('moderation', message, status);
    }
    if (status !== undefined && status >= 500) return new ProviderError('server_error', message, status);
    if (status === 400 || status === 404 || status === 422)
      return new ProviderError('invalid_request_error', message, status);
    return new ProviderError('server_error', message, status);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ProviderError('server_error', message || 'The provider connection failed');
}
