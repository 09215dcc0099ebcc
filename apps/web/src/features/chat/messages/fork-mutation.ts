import type { ConversationWithMessages, ForkOption, Message } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError, apiJson } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { applyConversationAdded } from '../../conversations/list-updates';
import { chatKeys } from '../api/chat-queries';
import { getBranchChoices } from '../branches/branch-store';
import { buildForkRequest, visibleLeafId, type ForkRequest } from './fork-request';
import { useForkSettings } from './fork-settings';

function forkConversation(request: ForkRequest): Promise<ConversationWithMessages> {
  return apiJson<ConversationWithMessages>('/api/convos/fork', { method: 'POST', json: request });
}

/**
 * Forks a conversation from one of its messages (SPEC 1): the new conversation opens with its
 * messages already cached, the sidebar lists refetch, and a toast says how it went.
 */
export function useForkMessage(conversationId: string, messageId: string) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: forkConversation,
    // The progress toast's id is the mutation's context: the result replaces it in place.
    onMutate: () => showToast({ message: t('fork.processing'), status: 'loading' }),
    onSuccess: ({ conversation, messages }, _request, toastId) => {
      applyConversationAdded(conversation, messages);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversationLists });
      void navigate(`/c/${conversation.conversationId}`);
      showToast({ id: toastId, message: t('fork.success'), status: 'success' });
    },
    onError: (error, _request, toastId) =>
      showToast({
        id: toastId,
        message: error instanceof ApiError && error.status === 429 ? t('fork.error_rate_limit') : t('fork.error'),
        status: 'error',
      }),
  });

  const fork = (option: ForkOption) => {
    // Read at the click, not at render: the rows stay memoised while the branch below them grows.
    const messages = queryClient.getQueryData<Message[]>(chatKeys.messages(conversationId)) ?? [];
    mutation.mutate(
      buildForkRequest({
        conversationId,
        messageId,
        option,
        splitAtTarget: useForkSettings.getState().splitAtTarget,
        latestMessageId: visibleLeafId(messages, getBranchChoices(conversationId)),
      }),
    );
  };
  return { fork, isForking: mutation.isPending };
}
