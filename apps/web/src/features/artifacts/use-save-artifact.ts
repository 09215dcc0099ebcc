import type { EditArtifactResult, Message } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiJson } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { showToast } from '../../components/ui/toast-store';
import { chatKeys } from '../chat/api/chat-queries';

export interface SaveArtifactInput {
  messageId: string;
  /** The artifact's place in its message. */
  index: number;
  /** The code as it was read (the server refuses the save when the message no longer holds it). */
  original: string;
  updated: string;
}

function saveArtifact({ messageId, index, original, updated }: SaveArtifactInput): Promise<EditArtifactResult> {
  return apiJson<EditArtifactResult>(`/api/messages/artifact/${encodeURIComponent(messageId)}`, {
    method: 'POST',
    json: { index, original, updated },
  });
}

/**
 * The Code tab's save (LibreChat's body `{index, original, updated}`). The stored message comes
 * back with its new text: the conversation's cached messages take it, so the card, the preview
 * and a reload all show the edit.
 */
export function useSaveArtifact(onSaved: () => void) {
  const { t } = useTranslation('artifacts');
  return useMutation({
    mutationFn: saveArtifact,
    onSuccess(result, input) {
      queryClient.setQueryData<Message[]>(chatKeys.messages(result.conversationId), (messages) =>
        messages?.map((m) =>
          m.messageId === input.messageId
            ? { ...m, text: result.text, ...(result.content ? { content: result.content } : {}) }
            : m,
        ),
      );
      onSaved();
      showToast({ message: t('editor.saved'), status: 'success' });
    },
    onError(error) {
      showToast({ message: t('editor.save_failed', { reason: error.message }), status: 'error' });
    },
  });
}
