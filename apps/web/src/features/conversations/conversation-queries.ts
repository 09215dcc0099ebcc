import type { Conversation, ConversationListPage } from '@confab/shared';
import {
  hashKey,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { isConversationPages, mergeFirstPage } from './conversation-cache';
import { fetchConversation, listConversations, type ConversationFilters } from './conversations-api';
import { usePendingDeletions, withoutPending } from './pending-deletions';

/**
 * Query keys. `['conversations', …]` is the prefix every conversation list lives under: the
 * chat screen invalidates it when a reply finishes, which refreshes the sidebar. The single
 * conversation and its messages use the chat feature's keys, so both features share one cache.
 */
export const conversationKeys = {
  lists: ['conversations'] as const,
  list: (filters: ConversationFilters) => ['conversations', filters] as const,
  conversation: (conversationId: string) => ['conversation', conversationId] as const,
  messages: (conversationId: string) => ['messages', conversationId] as const,
};

/** SPEC 9: conversation lists are fresh for 30 s and cached for 5 min in the sidebar. */
export const LIST_STALE_MS = 30_000;
export const LIST_CACHE_MS = 5 * 60_000;
/** Up to this many loaded pages, a refresh refetches them all; beyond, only the first. */
export const FULL_REFETCH_MAX_PAGES = 3;

const refreshing = new Map<string, Promise<void>>();

/**
 * Refreshes a sidebar list. A plain infinite-query refetch fetches every loaded page again, in
 * sequence: 200 requests for someone 10,000 conversations deep, after every reply. A short list
 * is refetched whole; a long one gets its first page again, merged over the rest.
 */
export function refreshConversationList(queryKey: QueryKey, filters: ConversationFilters): Promise<void> {
  const hash = hashKey(queryKey);
  const running = refreshing.get(hash);
  if (running) return running;
  const run = (async () => {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    const data = query?.state.data;
    try {
      if (!query || !isConversationPages(data) || data.pages.length <= FULL_REFETCH_MAX_PAGES) {
        await query?.fetch();
        return;
      }
      const first = await listConversations(filters, null);
      queryClient.setQueryData(queryKey, (current: unknown) =>
        isConversationPages(current) ? mergeFirstPage(current, first) : current,
      );
    } catch {
      // Keep what is shown; clearing the flag lets the next invalidation try again (an
      // already-invalidated query raises no new invalidate event).
      query?.setState({ ...query.state, isInvalidated: false });
    }
  })().finally(() => refreshing.delete(hash));
  refreshing.set(hash, run);
  return run;
}

/**
 * Starts loading a list's first page before its view mounts: the sidebar holds the list back
 * until its search box and bookmark row are known, and asks for it meanwhile. Nothing is fetched
 * when the list is cached already (its view refreshes it as usual).
 */
export function prefetchConversationList(filters: ConversationFilters): void {
  void queryClient.prefetchInfiniteQuery({
    queryKey: conversationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listConversations(filters, pageParam, signal),
    initialPageParam: null as string | null,
    staleTime: Infinity,
    gcTime: LIST_CACHE_MS,
  });
}

/**
 * The sidebar's list. Its query is 'static' so that an invalidation of `['conversations']`
 * does not refetch every page; this hook refreshes it instead (see refreshConversationList),
 * on invalidation and when it mounts with data older than 30 s.
 */
export function useConversationsInfiniteQuery(
  filters: ConversationFilters,
  options: { isEnabled?: boolean; staleTime?: number } = {},
) {
  const isSmart = options.staleTime === undefined;
  const queryKey = conversationKeys.list(filters);
  const hash = hashKey(queryKey);
  // Deleted but still undoable (pending-deletions.ts): hidden here, so a refetch cannot bring it back.
  const hiddenIds = usePendingDeletions((s) => s.ids);
  const hidePending = useCallback(
    (data: InfiniteData<ConversationListPage, string | null>) =>
      hiddenIds.size === 0 ? data : { ...data, pages: data.pages.map((page) => withoutPending(page, hiddenIds)) },
    [hiddenIds],
  );
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => listConversations(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    staleTime: isSmart ? 'static' : options.staleTime,
    gcTime: LIST_CACHE_MS,
    enabled: options.isEnabled ?? true,
    // A new filter (typing a search, picking a bookmark) keeps the old list until the new one
    // arrives, instead of flashing an empty sidebar.
    placeholderData: keepPreviousData,
    select: hidePending,
  });

  useEffect(() => {
    if (!isSmart) return;
    const key = conversationKeys.list(filters);
    const cached = queryClient.getQueryCache().find({ queryKey: key, exact: true });
    if (cached?.state.data && Date.now() - cached.state.dataUpdatedAt > LIST_STALE_MS)
      void refreshConversationList(key, filters);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && event.query.queryHash === hash)
        void refreshConversationList(key, filters);
    });
    // `hash` stands for the filters.
  }, [hash, isSmart]);

  return query;
}

/** The conversation record; shares the chat screen's cache entry. */
export function useConversation(conversationId: string | null) {
  return useQuery<Conversation>({
    queryKey: conversationKeys.conversation(conversationId ?? ''),
    queryFn: ({ signal }) => fetchConversation(conversationId ?? '', signal),
    enabled: conversationId !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    staleTime: 60_000,
  });
}
