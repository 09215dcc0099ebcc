import { MEME_PATHS, type MemeReactionBody, type MemeReactionsResponse } from '@confab/shared';
import { apiJson } from '../../../lib/api-client';

/** One query per conversation (or share), shared by all of its slots. */
export const memeReactionsQueryKey = (scope: { conversationId: string } | { shareId: string }) =>
  'shareId' in scope
    ? (['memeReactions', 'share', scope.shareId] as const)
    : (['memeReactions', 'conversation', scope.conversationId] as const);

/** GET /api/memes/reactions?conversationId=: counts and the caller's own, by message then tool call. */
export function fetchMemeReactions(conversationId: string, signal?: AbortSignal): Promise<MemeReactionsResponse> {
  return apiJson<MemeReactionsResponse>(
    `${MEME_PATHS.reactions}?conversationId=${encodeURIComponent(conversationId)}`,
    {
      signal,
    },
  );
}

/** GET /api/share/:shareId/meme-reactions: counts only, never who. */
export function fetchSharedMemeReactions(shareId: string, signal?: AbortSignal): Promise<MemeReactionsResponse> {
  return apiJson<MemeReactionsResponse>(`/api/share/${encodeURIComponent(shareId)}/meme-reactions`, { signal });
}

/** PUT /api/memes/reactions: sending the reaction one already has takes it back. */
export function putMemeReaction(body: MemeReactionBody): Promise<unknown> {
  return apiJson(MEME_PATHS.reactions, { method: 'PUT', json: body });
}
