import type { SearchResultMessage, SearchResultPage } from '@confab/shared';
import { apiJson } from '../../lib/api-client';

export type SearchMessage = SearchResultMessage;
export type SearchPage = SearchResultPage;

export async function searchMessages(q: string, cursor: string | null, signal?: AbortSignal): Promise<SearchPage> {
  const params = new URLSearchParams({ q });
  if (cursor) params.set('cursor', cursor);
  const body = await apiJson<Partial<SearchPage>>(`/api/search?${params}`, { signal });
  return {
    conversations: body.conversations ?? [],
    messages: body.messages ?? [],
    nextCursor: body.nextCursor ?? null,
  };
}

/** GET /api/search/enable: a failure only logs (SPEC 8) and leaves search off. */
export async function fetchSearchEnabled(signal?: AbortSignal): Promise<boolean> {
  try {
    const body = await apiJson<boolean | { enabled?: boolean }>('/api/search/enable', { signal });
    return typeof body === 'boolean' ? body : body?.enabled === true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.warn('[search] could not tell whether search is enabled', error);
    return false;
  }
}
