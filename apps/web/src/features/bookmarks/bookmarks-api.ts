import type { ConversationTag, CreateTagResult } from '@confab/shared';
import { apiJson } from '../../lib/api-client';

export { SAVED_TAG, type ConversationTag } from '@confab/shared';

const enc = encodeURIComponent;

/** GET /api/tags: every bookmark of the user, by position ("Saved" always exists). */
export async function fetchTags(signal?: AbortSignal): Promise<ConversationTag[]> {
  const list = await apiJson<ConversationTag[]>('/api/tags', { signal });
  return [...(list ?? [])].sort((a, b) => a.position - b.position || a.tag.localeCompare(b.tag));
}

/** POST /api/tags; naming an existing tag merges into it and answers `alreadyExists`. */
export function createTag(input: {
  tag: string;
  description?: string;
  conversationId?: string;
  addToConversation?: boolean;
}): Promise<CreateTagResult> {
  return apiJson<CreateTagResult>('/api/tags', { method: 'POST', json: input });
}

/** PUT /api/tags/{tag}: rename, describe, or move to a 0-based position (the others shift). */
export function updateTag(
  tag: string,
  input: { tag?: string; description?: string; position?: number },
): Promise<ConversationTag> {
  return apiJson<ConversationTag>(`/api/tags/${enc(tag)}`, { method: 'PUT', json: input });
}

export function deleteTag(tag: string): Promise<ConversationTag> {
  return apiJson<ConversationTag>(`/api/tags/${enc(tag)}`, { method: 'DELETE' });
}

/** Replaces the tags of one conversation (unknown names are created); answers the stored list. */
export function setConversationTags(conversationId: string, tags: string[]): Promise<string[]> {
  return apiJson<string[]>(`/api/tags/convo/${enc(conversationId)}`, { method: 'PUT', json: { tags } });
}
