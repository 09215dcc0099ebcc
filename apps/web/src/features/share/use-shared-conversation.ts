import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

export interface SharedMessage {
  messageId: string;
  parentMessageId?: string;
  text?: string;
  sender?: string;
  isCreatedByUser?: boolean;
}

export interface SharedConversation {
  title?: string;
  createdAt?: string;
  conversationId?: string;
  messages?: SharedMessage[];
}

/** GET /api/share/{shareId}: public, read-only. */
export function useSharedConversation(shareId: string) {
  return useQuery({
    queryKey: ['share', shareId],
    queryFn: ({ signal }) => apiJson<SharedConversation>(`/api/share/${encodeURIComponent(shareId)}`, { signal }),
    retry: false,
  });
}
