import type { MemeReaction, MemeReactionState, MemeReactionsResponse } from '@confab/shared';

export const EMPTY_REACTIONS: MemeReactionState = { likes: 0, dislikes: 0, mine: null };

const COUNT_OF = { like: 'likes', dislike: 'dislikes' } as const;

/**
 * What a click on `reaction` makes of a slot's state, as the server will (PUT /api/memes/reactions
 * toggles): the one the caller already has is taken back; the other one replaces it.
 */
export function toggleReaction(state: MemeReactionState, reaction: MemeReaction): MemeReactionState {
  const next = { likes: state.likes, dislikes: state.dislikes };
  const mine = state.mine ?? null;
  if (mine) next[COUNT_OF[mine]] = Math.max(0, next[COUNT_OF[mine]] - 1);
  if (mine === reaction) return { ...next, mine: null };
  next[COUNT_OF[reaction]] += 1;
  return { ...next, mine: reaction };
}

/** One slot's state in a conversation's (or a share's) reactions; none yet is all zeros. */
export function slotReactions(
  response: MemeReactionsResponse | undefined,
  messageId: string,
  toolCallId: string,
): MemeReactionState {
  return response?.reactions[messageId]?.[toolCallId] ?? EMPTY_REACTIONS;
}

/** The conversation's reactions with one slot's state replaced (the optimistic update). */
export function withSlotReactions(
  response: MemeReactionsResponse | undefined,
  messageId: string,
  toolCallId: string,
  state: MemeReactionState,
): MemeReactionsResponse {
  const reactions = response?.reactions ?? {};
  return { reactions: { ...reactions, [messageId]: { ...reactions[messageId], [toolCallId]: state } } };
}
