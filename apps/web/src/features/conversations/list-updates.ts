import type { Conversation, Message } from '@confab/shared';
import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import {
  addConversation,
  findConversation,
  isConversationPages,
  isNewestFirst,
  matchesFilters,
  patchConversation,
  removeConversation,
} from './conversation-cache';
import type { ConversationFilters } from './conversations-api';
import { conversationKeys } from './conversation-queries';

function filtersOf(key: QueryKey): Partial<ConversationFilters> | undefined {
  const filters = key[1];
  return typeof filters === 'object' && filters !== null ? (filters as Partial<ConversationFilters>) : undefined;
}

/**
 * Puts a changed conversation everywhere it is shown: patched where it is, moved to the top of
 * newest-first lists, removed from lists it no longer belongs to (archived, untagged), and
 * lists that cannot place it locally are refetched.
 */
export function applyConversationUpdate(conversation: Conversation): void {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: conversationKeys.lists })) {
    if (!isConversationPages(data)) continue;
    const filters = filtersOf(key);
    const present = findConversation(data, conversation.conversationId);
    if (!matchesFilters(conversation, filters)) {
      if (present) queryClient.setQueryData(key, removeConversation(data, conversation.conversationId));
      continue;
    }
    if (isNewestFirst(filters)) {
      const moved = !present || present.updatedAt !== conversation.updatedAt;
      queryClient.setQueryData(
        key,
        moved
          ? addConversation(data, conversation)
          : patchConversation(data, conversation.conversationId, conversation),
      );
    } else if (present) {
      queryClient.setQueryData(key, patchConversation(data, conversation.conversationId, conversation));
    } else {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
  queryClient.setQueryData<Conversation>(conversationKeys.conversation(conversation.conversationId), (old) =>
    old ? { ...old, ...conversation } : conversation,
  );
}

/** Patches a conversation in place (no move): optimistic renames and tag toggles. */
export function patchConversationEverywhere(conversationId: string, patch: Partial<Conversation>): void {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: conversationKeys.lists })) {
    if (isConversationPages(data)) queryClient.setQueryData(key, patchConversation(data, conversationId, patch));
  }
  queryClient.setQueryData<Conversation>(conversationKeys.conversation(conversationId), (old) =>
    old ? { ...old, ...patch } : old,
  );
}

/** Takes a deleted conversation out of every list and forgets its cached record and messages. */
export function applyConversationRemoval(conversationId: string): void {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: conversationKeys.lists })) {
    if (isConversationPages(data)) queryClient.setQueryData(key, removeConversation(data, conversationId));
  }
  queryClient.removeQueries({ queryKey: conversationKeys.conversation(conversationId), exact: true });
  queryClient.removeQueries({ queryKey: conversationKeys.messages(conversationId), exact: true });
}

/** A new conversation (a duplicate, an import) with its messages, ready to open without a fetch. */
export function applyConversationAdded(conversation: Conversation, messages?: Message[]): void {
  applyConversationUpdate(conversation);
  if (messages) queryClient.setQueryData(conversationKeys.messages(conversation.conversationId), messages);
}

/** Looks a conversation up in any cached list or record. */
export function findCachedConversation(conversationId: string): Conversation | undefined {
  const record = queryClient.getQueryData<Conversation>(conversationKeys.conversation(conversationId));
  if (record) return record;
  for (const [, data] of queryClient.getQueriesData({ queryKey: conversationKeys.lists })) {
    if (!isConversationPages(data)) continue;
    const found = findConversation(data, conversationId);
    if (found) return found;
  }
  return undefined;
}
