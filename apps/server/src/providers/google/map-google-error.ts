import { APICallError } from '@ai-sdk/provider';
import { z } from 'zod';
import { ProviderError } from '../types.js';

/** google.rpc.Status, as the Gemini API answers errors (also mid-stream, as an `{error}` chunk). */
const googleErrorBody = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string(),
    status: z.string().optional(),
    details: z.array(z.object({ reason: z.string().optional() }).passthrough()).optional(),
  }),
});

function parseBody(body: string | undefined) {
  if (!body) return undefined;
  try {
    const parsed = googleErrorBody.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Gemini API errors to SPEC 8 codes. What has no code of its own becomes `google_error`
 * whose `info` is Google's message, which the UI shows as is.
 */
export function mapGoogleError(err: unknown, options: { isUserKey?: boolean } = {}): ProviderError {
  if (err instanceof ProviderError) return err;
  if (!APICallError.isInstance(err)) {
    const message = err instanceof Error ? err.message : String(err);
    return new ProviderError('server_error', message || 'The provider connection failed');
  }
  const body = parseBody(err.responseBody);
  const status = err.statusCode ?? body?.code;
  const message = body?.message ?? err.message;
  const rpcStatus = body?.status ?? '';
  const isKeyProblem =
    body?.details?.some((d) => d.reason === 'API_KEY_INVALID' || d.reason === 'API_KEY_EXPIRED') ||
    rpcStatus === 'UNAUTHENTICATED' ||
    /API key not valid|API key expired|unregistered callers/i.test(message);
  if (isKeyProblem)
    return new ProviderError(options.isUserKey ? 'invalid_user_key' : 'invalid_api_key', message, status);
  if (rpcStatus === 'RESOURCE_EXHAUSTED' || status === 429) {
    return new ProviderError(
      /plan and billing|billing details/i.test(message) ? 'insufficient_quota' : 'rate_limit',
      message,
      status,
    );
  }
  if (/input token count .* exceeds|exceeds the maximum number of tokens/i.test(message))
    return new ProviderError('INPUT_LENGTH', message, status);
  if (status !== undefined && status >= 500) return new ProviderError('server_error', message, status);
  return new ProviderError('google_error', message, status, message);
}
