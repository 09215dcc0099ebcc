import { APICallError } from '@ai-sdk/provider';
import { z } from 'zod';
import { mapOpenAIError } from '../map-openai-error.js';
import { ProviderError } from '../types.js';

/** Azure's own body: `code` is a string ("401", "DeploymentNotFound", "content_filter"...). */
const azureErrorBody = z.object({
  error: z.object({ code: z.union([z.string(), z.number()]).nullish(), message: z.string().optional() }),
});

function parseBody(body: string | undefined) {
  if (!body) return undefined;
  try {
    const parsed = azureErrorBody.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Azure OpenAI errors to SPEC 8 codes. Azure passes OpenAI's own errors through (context
 * length, content filter), so those go to the OpenAI mapper; Azure adds a missing deployment,
 * which is a configuration problem the user should read.
 */
export function mapAzureError(err: unknown, options: { isUserKey?: boolean } = {}): ProviderError {
  if (err instanceof ProviderError) return err;
  if (APICallError.isInstance(err)) {
    const body = parseBody(err.responseBody);
    if (body?.code === 'DeploymentNotFound' || (err.statusCode === 404 && body?.code === '404')) {
      return new ProviderError('invalid_request_error', body.message ?? err.message, err.statusCode);
    }
    if (body?.code === 'insufficient_quota')
      return new ProviderError('insufficient_quota', body.message ?? err.message, err.statusCode);
  }
  return mapOpenAIError(err, options);
}
