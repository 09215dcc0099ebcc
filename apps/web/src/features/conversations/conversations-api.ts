import type {
  Conversation,
  ConversationListPage,
  ConversationSortBy,
  ConversationWithMessages,
  DeleteConversationsResult,
  ExportFormat,
  SortDirection,
} from '@confab/shared';
import { apiFetch, apiJson, ApiError } from '../../lib/api-client';

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

export function deleteConversation(
  conversation: Pick<Conversation, 'conversationId' | 'endpoint'>,
): Promise<DeleteConversationsResult> {
  return apiJson<DeleteConversationsResult>('/api/convos', {
    method: 'DELETE',
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

/** A file name from a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain?.[2]?.trim() || null;
}

/** A safe download name: the title without characters file systems refuse, and the extension. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base =
    [...title]
      .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'conversation';
  return `${base}.${format}`;
}

/** GET /api/convos/{id}/export?format=…, saved through a temporary link. */
export async function downloadConversationExport(
  conversation: Pick<Conversation, 'conversationId' | 'title'>,
  format: ExportFormat,
): Promise<void> {
  const response = await apiFetch(`/api/convos/${enc(conversation.conversationId)}/export?format=${format}`, {
    headers: { Accept: '*/*' },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as unknown;
    throw new ApiError(response.status, body, `HTTP ${response.status}`);
  }
  const blob = await response.blob();
  const name =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? exportFileName(conversation.title, format);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
