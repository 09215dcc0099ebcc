import type { Conversation, Message } from '@confab/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { fetchConversation, fetchEndpoints, fetchMessages, fetchModels } from './chat-api';

/** Query keys of the chat feature (LibreChat's names, so other features can share them). */
export const chatKeys = {
  conversation: (id: string) => ['conversation', id] as const,
  messages: (id: string) => ['messages', id] as const,
  endpoints: ['endpoints'] as const,
  models: ['models'] as const,
  /** Every conversation list (sidebar pages, searches): invalidated when a chat changes. */
  conversationLists: ['conversations'] as const,
};

function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function useConversationQuery(conversationId: string | null) {
  return useQuery<Conversation>({
    queryKey: chatKeys.conversation(conversationId ?? ''),
    queryFn: ({ signal }) => fetchConversation(conversationId ?? '', signal),
    enabled: conversationId !== null,
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}

export function useMessagesQuery(conversationId: string | null) {
  return useQuery<Message[]>({
    queryKey: chatKeys.messages(conversationId ?? ''),
    queryFn: ({ signal }) => fetchMessages(conversationId ?? '', signal),
    enabled: conversationId !== null,
    retry: retryUnlessClientError,
    // The cache is kept current by the stream and by edits; refetching a 10,000-message
    // conversation on every visit would be wasted work.
    staleTime: 5 * 60_000,
  });
}

export function useEndpointsQuery() {
  return useQuery({
    queryKey: chatKeys.endpoints,
    queryFn: ({ signal }) => fetchEndpoints(signal),
    staleTime: 5 * 60_000,
  });
}

export function useModelsQuery() {
  return useQuery({ queryKey: chatKeys.models, queryFn: ({ signal }) => fetchModels(signal), staleTime: 5 * 60_000 });
}
