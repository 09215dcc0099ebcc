import type { MemeEditBody, MemeEditResponse, Message } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-store';
import { queryClient } from '../../../lib/query-client';
import { chatKeys } from '../../chat/api/chat-queries';
import { saveMemeEdit } from './save-meme-edit';

/**
 * The message the server answers takes its place in the conversation's cached messages: the
 * reply with the edited meme added after the original, or, from the gallery, a new message at the
 * end. The conversation shows it at once, and a reload reads the same from the server.
 */
export function mergeSavedMessage(messages: Message[] | undefined, saved: Message): Message[] {
  const list = messages ?? [];
  const at = list.findIndex((m) => m.messageId === saved.messageId);
  if (at === -1) return [...list, saved];
  return list.map((m, i) => (i === at ? { ...m, ...saved } : m));
}

export function useSaveMemeEdit(onSaved: (response: MemeEditResponse) => void) {
  const { t } = useTranslation('meme-editor');
  return useMutation({
    mutationFn: (body: MemeEditBody) => saveMemeEdit(body),
    onSuccess(response, body) {
      queryClient.setQueryData<Message[]>(chatKeys.messages(body.conversationId), (messages) =>
        mergeSavedMessage(messages, response.message as unknown as Message),
      );
      onSaved(response);
      showToast({ message: t('saved'), status: 'success' });
    },
    onError(error) {
      showToast({ message: t('save_failed', { reason: error.message }), status: 'error' });
    },
  });
}
