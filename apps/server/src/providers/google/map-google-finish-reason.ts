import type { FinishReason as SdkFinishReason } from 'ai';
import { z } from 'zod';
import { ProviderError } from '../types.js';

/** The safety parts of the Google provider metadata and of a raw chunk; vendor JSON, so parsed. */
const googleMetadata = z.object({
  google: z
    .object({
      promptFeedback: z.object({ blockReason: z.string().nullish() }).passthrough().nullish(),
      safetyRatings: z
        .array(
          z.object({
            category: z.string().optional(),
            probability: z.string().optional(),
            blocked: z.boolean().nullish(),
          }),
        )
        .nullish(),
    })
    .passthrough(),
});
const rawChunk = z.object({
  candidates: z.array(z.object({ finishReason: z.string().nullish() }).passthrough()).nullish(),
});

/** The finish reason Gemini itself sent (the SDK folds SAFETY and RECITATION into one). */
export function readGoogleRawFinishReason(raw: unknown): string | undefined {
  return rawChunk.safeParse(raw).data?.candidates?.[0]?.finishReason ?? undefined;
}

const SAFETY_REASONS = new Set(['SAFETY', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/**
 * Gemini's blocks as the errors the user sees: a blocked prompt (`promptFeedback.blockReason`)
 * or a reply stopped for safety is `moderation` (with the categories as info); stops that are
 * not about safety (RECITATION, an OTHER block) are `google_error` with Google's reason as info.
 * Any other finish passes (undefined).
 */
export function mapGoogleFinishReason(
  finishReason: SdkFinishReason,
  metadata: unknown,
  rawFinishReason?: string,
): ProviderError | undefined {
  const google = googleMetadata.safeParse(metadata).data?.google;
  const blockReason = google?.promptFeedback?.blockReason ?? undefined;
  if (blockReason) {
    return SAFETY_REASONS.has(blockReason)
      ? new ProviderError(
          'moderation',
          `The prompt was blocked by Google’s safety filters (${blockReason}).`,
          undefined,
          blockReason,
        )
      : new ProviderError(
          'google_error',
          `The prompt was blocked (${blockReason}).`,
          undefined,
          `The prompt was blocked (${blockReason}).`,
        );
  }
  if (finishReason !== 'content-filter') return undefined;
  if (rawFinishReason === 'RECITATION') {
    const info = 'The reply was stopped because it recited protected material (RECITATION).';
    return new ProviderError('google_error', info, undefined, info);
  }
  const categories = (google?.safetyRatings ?? []).filter((r) => r.blocked).map((r) => r.category ?? 'unknown');
  const reason = rawFinishReason ?? 'SAFETY';
  return new ProviderError(
    'moderation',
    `The reply was stopped by Google’s safety filters (${reason}${categories.length ? `: ${categories.join(', ')}` : ''}).`,
    undefined,
    categories.length ? categories.join(', ') : reason,
  );
}
