import type {
  Conversation,
  ConversationListPage,
  ConversationSortBy,
  ConversationWithMessages,
  DeleteConversationsResult,
  ExportFormat,
  SortDirection,
} from '@confab/shared';
import { apiJson } from '../../lib/api-client';

/** One page of GET /api/convos (SPEC 3, Conversation list page). */
export type ConversationPage = ConversationListPage;
export type { ConversationSortBy, ExportFormat, SortDirection };

/** What a conversation list shows; part of its query key. */
export interface ConversationFilters {
  isArchived: boolean;
  tags: string[];
  search: string;
  sortBy: ConversationSortBy;
  sortDirection: SortDirection;
}

export const DEFAULT_FILTERS: ConversationFilters = {
  isArchived: false,
  tags: [],
  search: '',
  sortBy: 'updatedAt',
  sortDirection: 'desc',
};

/** Sidebar pages are larger than the server's default of 25: fewer round trips on a long history. */
export const CONVERSATION_PAGE_SIZE = 50;

const enc = encodeURIComponent;

export function listConversations(
  filters: ConversationFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  const params = new URLSearchParams({
    limit: String(CONVERSATION_PAGE_SIZE),
    isArchived: String(filters.isArchived),
    sortBy: filters.sortBy,
    sortDirection: filters.sortDirection,
  });
  if (cursor) params.set('cursor', cursor);
  if (filters.search) params.set('search', filters.search);
  for (const tag of filters.tags) params.append('tags', tag);
  return apiJson<ConversationPage>(`/api/convos?${params}`, { signal }).then((page) => ({
    conversations: page.conversations ?? [],
    nextCursor: page.nextCursor ?? null,
  }));
}

export function fetchConversation(conversationId: string, signal?: AbortSignal): Promise<Conversation> {
  return apiJson<Conversation>(`/api/convos/${enc(conversationId)}`, { signal });
}

export function updateConversation(arg: {
  conversationId: string;
  title?: string;
  isArchived?: boolean;
}): Promise<Conversation> {
  return apiJson<Conversation>('/api/convos/update', { method: 'POST', json: { arg } });
}

/** `keepalive` lets the request outlive a closing page (see pending-deletions.ts). */
export function deleteConversation(
  conversation: Pick<Conversation, 'conversationId' | 'endpoint'>,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<DeleteConversationsResult> {
  return apiJson<DeleteConversationsResult>('/api/convos', {
    method: 'DELETE',
    keepalive,
    json: {
      arg: {
        conversationId: conversation.conversationId,
        endpoint: conversation.endpoint ?? undefined,
        source: 'button',
      },
    },
  });
}

export function deleteAllConversations(): Promise<DeleteConversationsResult> {
  return apiJson<DeleteConversationsResult>('/api/convos/all', { method: 'DELETE' });
}

export function duplicateConversation(conversationId: string): Promise<ConversationWithMessages> {
  return apiJson<ConversationWithMessages>('/api/convos/duplicate', { method: 'POST', json: { conversationId } });
}

/** A title as a file name without extension: no characters file systems refuse, at most 80 long. */
export function safeFileBaseName(title: string): string {
  return (
    [...title]
      .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'conversation'
  );
}

/** A safe download name: the title without characters file systems refuse, and the extension. */
export function exportFileName(title: string, format: ExportFormat): string {
  return `${safeFileBaseName(title)}.${format}`;
}
