import { TEXT_LIMITS, type Conversation } from '@confab/shared';
import { track } from '../../lib/analytics';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { showToast } from '../../components/ui/toast-store';
import { dropConversations } from '../chat/stream/run-submission';
import { duplicateConversation, updateConversation } from './conversations-api';
import {
  applyConversationAdded,
  applyConversationUpdate,
  patchConversationEverywhere,
} from './list-updates';
import { cancelDeletion, commitDeletion, deferDeletion } from './pending-deletions';

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

/** How long the Undo of an archive or a delete stays offered. */
export const UNDO_TOAST_MS = 6000;

export function useArchiveConversation() {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  const openId = useOpenConversationId();
  const mutation = useMutation({
    mutationFn: ({ conversationId, isArchived }: { conversationId: string; isArchived: boolean; toastId?: number }) =>
      updateConversation({ conversationId, isArchived }),
    onSuccess: (conversation, { conversationId, isArchived, toastId }) => {
      // The server answers with the stored record; older servers may omit the flag.
      applyConversationUpdate({ ...conversation, isArchived });
      const wasOpen = openId === conversationId;
      if (isArchived && wasOpen) void navigate('/c/new');
      if (!isArchived) {
        // An Undo replaces its own toast; a restore from the archive list gets a new one.
        showToast({ id: toastId, message: t('unarchived_toast'), status: 'success' });
        return;
      }
      const id = showToast({
        message: t('archived_toast'),
        status: 'success',
        durationMs: UNDO_TOAST_MS,
        action: {
          label: t('undo'),
          onClick: () => {
            showToast({ id, message: t('unarchiving'), status: 'loading' });
            mutation.mutate({ conversationId, isArchived: false, toastId: id });
            if (wasOpen) void navigate(`/c/${conversationId}`);
          },
        },
      });
    },
    onError: (_error, { isArchived, toastId }) =>
      showToast({
        id: toastId,
        message: isArchived ? t('com_ui_archive_delete_error') : t('com_ui_unarchive_error'),
        status: 'error',
      }),
  });
  return mutation;
}

/**
 * Deletes a conversation with an Undo (SPEC 4, Delete): it leaves every list at once (the open
 * one for /c/new) and the server DELETE goes when the toast does (pending-deletions.ts). Undo
 * brings it back as it was.
 */
export function useDeleteConversation() {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  const openId = useOpenConversationId();
  return useCallback(
    (conversation: Pick<Conversation, 'conversationId' | 'endpoint'>) => {
      const { conversationId } = conversation;
      // Let go of its stream at once: the server stops the reply when the DELETE comes, and a new
      // chat that ends would otherwise move the page to the conversation being deleted.
      dropConversations([conversationId]);
      const wasOpen = openId === conversationId;
      if (wasOpen) void navigate('/c/new');
      deferDeletion(conversation);
      const id = showToast({
        message: t('deleted_toast'),
        status: 'success',
        durationMs: UNDO_TOAST_MS,
        action: {
          label: t('undo'),
          onClick: () => {
            if (!cancelDeletion(conversationId)) return;
            showToast({ id, message: t('restored_toast'), status: 'success' });
            if (wasOpen) void navigate(`/c/${conversationId}`);
          },
        },
        onClose: () => {
          commitDeletion(conversationId).then(
            () => track('chat_deleted', { chatId: conversationId }),
            () => showToast({ message: t('com_ui_convo_delete_error'), status: 'error' }),
          );
        },
      });
    },
    [navigate, openId, t],
  );
}

export function useDuplicateConversation() {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (conversationId: string) => duplicateConversation(conversationId),
    // The progress toast's id is the mutation's context: its result replaces it in place.
    onMutate: () => showToast({ message: t('duplicate_processing'), status: 'loading' }),
    onSuccess: ({ conversation, messages }, _id, toastId) => {
      applyConversationAdded(conversation, messages);
      void navigate(`/c/${conversation.conversationId}`);
      showToast({ id: toastId, message: t('duplicate_success'), status: 'success' });
    },
    onError: (_error, _id, toastId) => showToast({ id: toastId, message: t('duplicate_error'), status: 'error' }),
  });
}
