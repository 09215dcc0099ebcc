import { TEXT_LIMITS, type Conversation } from '@confab/shared';
import { track } from '../../lib/analytics';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { showToast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { dropConversations } from '../chat/stream/run-submission';
import { deleteConversation, duplicateConversation, updateConversation } from './conversations-api';
import {
  applyConversationAdded,
  applyConversationRemoval,
  applyConversationUpdate,
  patchConversationEverywhere,
} from './list-updates';

/** The id in /c/{id}, or null on any other page. */
export function useOpenConversationId(): string | null {
  const match = useMatch('/c/:conversationId');
  const id = match?.params.conversationId;
  return id && id !== 'new' ? id : null;
}

/** What a rename input's value becomes (SPEC 4/5): trimmed, at most 100 characters. */
export function normaliseTitle(value: string): string {
  return value.trim().slice(0, TEXT_LIMITS.renameMax);
}

export function useRenameConversation() {
  const { t } = useTranslation('conversations');
  const mutation = useMutation({
    mutationFn: ({ conversationId, title }: { conversationId: string; title: string; previousTitle: string }) =>
      updateConversation({ conversationId, title }),
    onMutate: ({ conversationId, title }) =>
      patchConversationEverywhere(conversationId, { title: title || t('untitled') }),
    onSuccess: (conversation) => applyConversationUpdate(conversation),
    onError: (_error, { conversationId, previousTitle }) => {
      patchConversationEverywhere(conversationId, { title: previousTitle });
      showToast({ message: t('com_ui_rename_failed'), status: 'error' });
    },
  });
  const { mutate } = mutation;
  /** Saves a new title; an unchanged one does nothing (SPEC 4, Rename). */
  const rename = useCallback(
    (conversation: Pick<Conversation, 'conversationId' | 'title'>, value: string) => {
      const title = normaliseTitle(value);
      if (title === conversation.title) return;
      mutate({ conversationId: conversation.conversationId, title, previousTitle: conversation.title });
    },
    [mutate],
  );
  return { rename, isPending: mutation.isPending };
}

export function useArchiveConversation() {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  const openId = useOpenConversationId();
  return useMutation({
    mutationFn: ({ conversationId, isArchived }: { conversationId: string; isArchived: boolean }) =>
      updateConversation({ conversationId, isArchived }),
    onSuccess: (conversation, { conversationId, isArchived }) => {
      // The server answers with the stored record; older servers may omit the flag.
      applyConversationUpdate({ ...conversation, isArchived });
      if (isArchived && openId === conversationId) void navigate('/c/new');
      showToast({ message: isArchived ? t('archived_toast') : t('unarchived_toast'), status: 'success' });
    },
    onError: (_error, { isArchived }) =>
      showToast({
        message: isArchived ? t('com_ui_archive_delete_error') : t('com_ui_unarchive_error'),
        status: 'error',
      }),
  });
}

export function useDeleteConversation() {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  const openId = useOpenConversationId();
  return useMutation({
    mutationFn: (conversation: Pick<Conversation, 'conversationId' | 'endpoint'>) => deleteConversation(conversation),
    // Let go of its stream at once: the server stops the reply before it deletes, and a new chat
    // that ends would otherwise move the page to the conversation being deleted.
    onMutate: ({ conversationId }) => dropConversations([conversationId]),
    onSuccess: (_data, { conversationId }) => {
      track('chat_deleted', { chatId: conversationId });
      if (openId === conversationId) void navigate('/c/new');
      applyConversationRemoval(conversationId);
    },
    onError: (error, { conversationId }) => {
      // Already gone (another tab deleted it): the list was stale, so take it out all the same.
      if (error instanceof ApiError && error.status === 404) {
        if (openId === conversationId) void navigate('/c/new');
        applyConversationRemoval(conversationId);
        return;
      }
      showToast({ message: t('com_ui_convo_delete_error'), status: 'error' });
    },
  });
}

export function useDuplicateConversation() {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (conversationId: string) => duplicateConversation(conversationId),
    onMutate: () => showToast({ message: t('duplicate_processing'), status: 'info' }),
    onSuccess: ({ conversation, messages }) => {
      applyConversationAdded(conversation, messages);
      void navigate(`/c/${conversation.conversationId}`);
      showToast({ message: t('duplicate_success'), status: 'success' });
    },
    onError: () => showToast({ message: t('duplicate_error'), status: 'error' }),
  });
}
