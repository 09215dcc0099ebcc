import {
  LAYOUT,
  type SharedConversation,
  type SharedLink,
  type SharedLinksPage,
  type SharedLinkStatus,
} from '@confab/shared';
import { apiJson } from '../../lib/api-client';

export type { SharedConversation, SharedLink, SharedLinksPage };
export type SharedLinkRow = SharedLinksPage['links'][number];

const enc = encodeURIComponent;

/** SPEC 3: the link is built as {origin}/share/{shareId}. */
export function shareUrl(shareId: string, origin = window.location.origin): string {
  return `${origin}/share/${shareId}`;
}

export function fetchSharedConversation(shareId: string, signal?: AbortSignal): Promise<SharedConversation> {
  return apiJson<SharedConversation>(`/api/share/${enc(shareId)}`, { signal });
}

/** The link of a conversation, or null when it has none. */
export async function fetchShareLink(conversationId: string, signal?: AbortSignal): Promise<string | null> {
  const body = await apiJson<SharedLinkStatus>(`/api/share/link/${enc(conversationId)}`, { signal });
  return body.success ? body.shareId : null;
}

export function createShareLink(conversationId: string): Promise<SharedLink> {
  return apiJson<SharedLink>(`/api/share/${enc(conversationId)}`, { method: 'POST' });
}

export function refreshShareLink(shareId: string): Promise<SharedLink> {
  return apiJson<SharedLink>(`/api/share/${enc(shareId)}`, { method: 'PATCH' });
}

export function deleteShareLink(shareId: string): Promise<unknown> {
  return apiJson(`/api/share/${enc(shareId)}`, { method: 'DELETE' });
}

export interface SharedLinksQuery {
  search: string;
  sortBy: 'createdAt' | 'title';
  sortDirection: 'asc' | 'desc';
}

export async function listSharedLinks(
  query: SharedLinksQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SharedLinksPage> {
  const params = new URLSearchParams({
    pageSize: String(LAYOUT.sharedLinkPageSize),
    isPublic: 'true',
    sortBy: query.sortBy,
    sortDirection: query.sortDirection,
  });
  if (query.search) params.set('search', query.search);
  if (cursor) params.set('cursor', cursor);
  const body = await apiJson<Partial<SharedLinksPage>>(`/api/share?${params}`, { signal });
  return {
    links: body.links ?? [],
    nextCursor: body.nextCursor ?? null,
    hasNextPage: body.hasNextPage ?? !!body.nextCursor,
  };
}
