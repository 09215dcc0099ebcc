import { NO_PARENT, type Message, type SharedMessage } from '@confab/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchSharedConversation, type SharedConversation } from './share-api';

export type { SharedConversation };

/** GET /api/share/{shareId}: public, read-only; works signed out. */
export function useSharedConversation(shareId: string) {
  return useQuery({
    queryKey: ['share', shareId],
    queryFn: ({ signal }) => fetchSharedConversation(shareId, signal),
    retry: false,
    enabled: shareId.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** Fills the fields a shared message may leave out, so the chat's renderers can show it. */
export function toMessage(partial: Partial<Message> | SharedMessage, index: number, conversationId: string): Message {
  return {
    messageId: partial.messageId ?? `shared-${index}`,
    conversationId: partial.conversationId ?? conversationId,
    parentMessageId: partial.parentMessageId ?? NO_PARENT,
    sender: partial.sender ?? '',
    text: partial.text ?? '',
    ...(partial.content ? { content: partial.content } : {}),
    ...(partial.files?.length ? { files: partial.files } : {}),
    // A search's sources (issue 41): the shared reply keeps its citations and sources list.
    ...(partial.attachments?.length ? { attachments: partial.attachments } : {}),
    isCreatedByUser: partial.isCreatedByUser ?? false,
    model: partial.model ?? null,
    endpoint: partial.endpoint ?? null,
    error: partial.error ?? false,
    unfinished: partial.unfinished ?? false,
    finish_reason: partial.finish_reason ?? null,
    iconURL: partial.iconURL ?? null,
    createdAt: partial.createdAt ?? new Date(0).toISOString(),
    updatedAt: partial.updatedAt ?? partial.createdAt ?? new Date(0).toISOString(),
  };
}
