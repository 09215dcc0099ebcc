import type { MemeReaction, MemeReactionState, MemeReactionsResponse } from '@confab/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-store';
import { track } from '../../../lib/analytics';
import {
  fetchMemeReactions,
  fetchSharedMemeReactions,
  memeReactionsQueryKey,
  putMemeReaction,
} from './meme-reactions-api';
import { slotReactions, toggleReaction, withSlotReactions } from './meme-reaction-state';

/** A conversation that exists on the server (a new chat has none until its first reply is saved). */
const isSavedConversation = (id: string) => id !== '' && id !== 'new';

/**
 * One meme slot's likes and dislikes. In the owner's chat: the conversation's one query, toggled
 * with an optimistic update that is rolled back if the server refuses. On a shared page: counts
 * only, read-only.
 */
export function useMemeReactions({
  conversationId,
  messageId,
  toolCallId,
  shareId,
}: {
  conversationId: string;
  messageId: string;
  toolCallId: string;
  shareId?: string | undefined;
}) {
  const { t } = useTranslation('meme-media');
  const queryClient = useQueryClient();
  const queryKey = shareId ? memeReactionsQueryKey({ shareId }) : memeReactionsQueryKey({ conversationId });
  const isReadOnly = Boolean(shareId);
  const canReact = !isReadOnly && isSavedConversation(conversationId) && messageId !== '' && toolCallId !== '';

  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      shareId ? fetchSharedMemeReactions(shareId, signal) : fetchMemeReactions(conversationId, signal),
    enabled: Boolean(shareId) || isSavedConversation(conversationId),
  });

  const mutation = useMutation(
    reactionMutationOptions({
      queryClient,
      queryKey,
      messageId,
      toolCallId,
      onFailure: () => showToast({ message: t('reactions.error'), status: 'error' }),
    }),
  );

  return {
    state: slotReactions(query.data, messageId, toolCallId),
    isReadOnly,
    canReact,
    isPending: mutation.isPending,
    react: (reaction: MemeReaction) => {
      if (canReact && !mutation.isPending) mutation.mutate(reaction);
    },
  };
}

/**
 * The toggle: the slot changes at once (as the server will change it), goes back alone if the
 * server refuses (other slots may have changes of their own under way), and the conversation's
 * reactions are read again either way.
 */
export function reactionMutationOptions({
  queryClient,
  queryKey,
  messageId,
  toolCallId,
  onFailure,
}: {
  queryClient: QueryClient;
  queryKey: QueryKey;
  messageId: string;
  toolCallId: string;
  onFailure: () => void;
}) {
  return {
    mutationFn: (reaction: MemeReaction) => putMemeReaction({ messageId, toolCallId, reaction }),
    onMutate: async (reaction: MemeReaction) => {
      await queryClient.cancelQueries({ queryKey });
      const before = slotReactions(queryClient.getQueryData<MemeReactionsResponse>(queryKey), messageId, toolCallId);
      queryClient.setQueryData<MemeReactionsResponse>(queryKey, (data) =>
        withSlotReactions(data, messageId, toolCallId, toggleReaction(before, reaction)),
      );
      return { before };
    },
    onSuccess: (_answer: unknown, reaction: MemeReaction, context: { before: MemeReactionState } | undefined) => {
      // Only a reaction added counts as liked or disliked; one taken back is not an event.
      if (context && toggleReaction(context.before, reaction).mine === reaction) {
        track(reaction === 'like' ? 'meme_liked' : 'meme_disliked');
      }
    },
    onError: (_error: unknown, _reaction: MemeReaction, context: { before: MemeReactionState } | undefined) => {
      if (context) {
        queryClient.setQueryData<MemeReactionsResponse>(queryKey, (data) =>
          withSlotReactions(data, messageId, toolCallId, context.before),
        );
      }
      onFailure();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  };
}
