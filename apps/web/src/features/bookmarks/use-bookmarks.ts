import type { Conversation } from '@confab/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { useStartupConfig } from '../config/use-startup-config';
import { isConversationPages, patchConversation } from '../conversations/conversation-cache';
import { conversationKeys } from '../conversations/conversation-queries';
import type { ConversationFilters } from '../conversations/conversations-api';
import { findCachedConversation, patchConversationEverywhere } from '../conversations/list-updates';
import { useRolePermissions } from '../roles/use-role-permissions';
import { renameInTags, toggleTag } from './bookmark-rules';
import { createTag, deleteTag, fetchTags, setConversationTags, updateTag, type ConversationTag } from './bookmarks-api';
import { useBookmarkFilter } from './bookmark-filter-store';

export const tagKeys = { all: ['conversationTags'] as const };

export function useTagsQuery(isEnabled = true) {
  return useQuery({
    queryKey: tagKeys.all,
    queryFn: ({ signal }) => fetchTags(signal),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

/**
 * SPEC 6: bookmarks need the BOOKMARKS USE permission of the user's role (and the interface
 * toggle of the config). Hidden while that is unknown; USE defaults to on when the role call fails.
 */
export function useCanUseBookmarks(): boolean {
  const { data: config } = useStartupConfig();
  const { permissions, isError } = useRolePermissions();
  if (config?.interface?.bookmarks === false) return false;
  if (isError) return true;
  return permissions?.BOOKMARKS?.USE ?? false;
}

function filtersOf(key: readonly unknown[]): Partial<ConversationFilters> | undefined {
  const f = key[1];
  return typeof f === 'object' && f !== null ? (f as Partial<ConversationFilters>) : undefined;
}

/** After a conversation's tags changed: patch unfiltered lists, refetch the bookmark-filtered ones. */
function applyTagsToConversation(conversationId: string, tags: string[]): void {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: conversationKeys.lists })) {
    if (!isConversationPages(data)) continue;
    if (filtersOf(key)?.tags?.length) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else queryClient.setQueryData(key, patchConversation(data, conversationId, { tags }));
  }
  queryClient.setQueryData<Conversation>(conversationKeys.conversation(conversationId), (old) =>
    old ? { ...old, tags } : old,
  );
}

/** Adjusts the cached counts of tags without a refetch (the menu shows them at once). */
function adjustCounts(before: readonly string[], after: readonly string[]): void {
  queryClient.setQueryData<ConversationTag[]>(tagKeys.all, (tags) =>
    tags?.map((t) => {
      const delta = (after.includes(t.tag) ? 1 : 0) - (before.includes(t.tag) ? 1 : 0);
      return delta ? { ...t, count: Math.max(0, (t.count ?? 0) + delta) } : t;
    }),
  );
}

/** Toggles a bookmark on a conversation, at once on screen, reverted when the server refuses. */
export function useToggleBookmark() {
  const { t } = useTranslation('bookmarks');
  const { mutate } = useMutation({
    mutationFn: ({ conversationId, next }: { conversationId: string; next: string[]; previous: string[] }) =>
      setConversationTags(conversationId, next),
    onMutate: ({ conversationId, next, previous }) => {
      patchConversationEverywhere(conversationId, { tags: next });
      adjustCounts(previous, next);
    },
    onSuccess: (tags, { conversationId, next }) => {
      applyTagsToConversation(conversationId, tags);
      // A name the server had not seen became a new tag: fetch it with its position.
      const known = queryClient.getQueryData<ConversationTag[]>(tagKeys.all) ?? [];
      if (next.some((tag) => !known.some((k) => k.tag === tag)))
        void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
    onError: (error, { conversationId, previous, next }) => {
      patchConversationEverywhere(conversationId, { tags: previous });
      adjustCounts(next, previous);
      const message =
        error instanceof ApiError && (error.status === 400 || error.status === 404) ? t('invalid_tag') : t('add_error');
      showToast({ message, status: 'error' });
    },
  });
  return useCallback(
    (conversation: Pick<Conversation, 'conversationId' | 'tags'>, tag: string) => {
      const current = findCachedConversation(conversation.conversationId)?.tags ?? conversation.tags ?? [];
      mutate({ conversationId: conversation.conversationId, next: toggleTag(current, tag), previous: [...current] });
    },
    [mutate],
  );
}

/** Replaces (or removes) a tag name in every cached conversation and in the sidebar filter. */
function renameTagEverywhere(from: string, to: string | null): void {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: conversationKeys.lists })) {
    if (!isConversationPages(data)) continue;
    queryClient.setQueryData(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        conversations: page.conversations.map((c) =>
          c.tags?.includes(from) ? { ...c, tags: renameInTags(c.tags, from, to) } : c,
        ),
      })),
    });
  }
  queryClient.setQueriesData<Conversation>({ queryKey: ['conversation'] }, (c) =>
    c && c.tags?.includes(from) ? { ...c, tags: renameInTags(c.tags, from, to) } : c,
  );
  useBookmarkFilter.getState().renameTag(from, to);
}

export function useSaveBookmark() {
  const { t } = useTranslation('bookmarks');
  return useMutation({
    mutationFn: async (input: {
      original?: ConversationTag;
      tag: string;
      description: string;
      conversationId?: string;
      addToConversation?: boolean;
    }) => {
      if (input.original) return updateTag(input.original.tag, { tag: input.tag, description: input.description });
      return createTag({
        tag: input.tag,
        description: input.description,
        ...(input.conversationId && input.addToConversation
          ? { conversationId: input.conversationId, addToConversation: true }
          : {}),
      });
    },
    onSuccess: (saved, input) => {
      if (!input.original && 'alreadyExists' in saved && saved.alreadyExists) {
        // SPEC 5: naming an existing bookmark warns; the server merged into it.
        showToast({ message: t('exists'), status: 'warning' });
      }
      if (input.original && input.original.tag !== input.tag) {
        renameTagEverywhere(input.original.tag, input.tag);
        void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
      }
      if (!input.original && input.conversationId && input.addToConversation) {
        const current = findCachedConversation(input.conversationId)?.tags ?? [];
        applyTagsToConversation(input.conversationId, [...new Set([...current, input.tag])]);
      }
      void queryClient.invalidateQueries({ queryKey: tagKeys.all });
      if (input.original || !('alreadyExists' in saved && saved.alreadyExists))
        showToast({ message: input.original ? t('updated') : t('created'), status: 'success' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) showToast({ message: t('exists'), status: 'warning' });
      else showToast({ message: t('save_error'), status: 'error' });
    },
  });
}

export function useDeleteBookmark() {
  const { t } = useTranslation('bookmarks');
  return useMutation({
    mutationFn: (tag: string) => deleteTag(tag),
    onSuccess: (_data, tag) => {
      queryClient.setQueryData<ConversationTag[]>(tagKeys.all, (tags) => tags?.filter((x) => x.tag !== tag));
      renameTagEverywhere(tag, null);
      void queryClient.invalidateQueries({ queryKey: tagKeys.all });
      showToast({ message: t('deleted'), status: 'success' });
    },
    onError: () => showToast({ message: t('delete_error'), status: 'error' }),
  });
}

/** Drag reorder: the new order shows at once; the moved tag's position is saved. */
export function useReorderBookmarks() {
  const { t } = useTranslation('bookmarks');
  return useMutation({
    mutationFn: ({ tag, position }: { tag: string; position: number; order: ConversationTag[] }) =>
      updateTag(tag, { position }),
    onMutate: ({ order }) => {
      const previous = queryClient.getQueryData<ConversationTag[]>(tagKeys.all);
      queryClient.setQueryData<ConversationTag[]>(
        tagKeys.all,
        order.map((item, position) => ({ ...item, position })),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(tagKeys.all, context.previous);
      showToast({ message: t('reorder_error'), status: 'error' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
