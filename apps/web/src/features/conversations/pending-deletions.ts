import type { Conversation } from '@confab/shared';
import { create } from 'zustand';
import { ApiError } from '../../lib/api-client';
import { deleteConversation } from './conversations-api';
import { applyConversationRemoval } from './list-updates';

type Deletable = Pick<Conversation, 'conversationId' | 'endpoint'>;

/**
 * A deleted conversation leaves the lists at once but stays on the server until its toast's
 * Undo has gone (there is no restore endpoint, and a deferred DELETE loses nothing when the user
 * changes their mind). Meanwhile its id is here and every list hides it, refetched or not.
 */
export const usePendingDeletions = create<{ ids: ReadonlySet<string> }>()(() => ({ ids: new Set<string>() }));

const pending = new Map<string, Deletable>();

function publish(): void {
  usePendingDeletions.setState({ ids: new Set(pending.keys()) });
}

/** Hides a conversation from every list until `commitDeletion` or `cancelDeletion`. */
export function deferDeletion(conversation: Deletable): void {
  pending.set(conversation.conversationId, conversation);
  publish();
}

/** Undo: the conversation shows again, untouched on the server. False when it was already sent. */
export function cancelDeletion(conversationId: string): boolean {
  if (!pending.delete(conversationId)) return false;
  publish();
  return true;
}

/**
 * Sends the DELETE of a deferred deletion. It stays hidden until the server answers; a
 * conversation already gone (404, another tab) counts as deleted. On failure it shows again and
 * the error is thrown.
 */
export async function commitDeletion(conversationId: string): Promise<void> {
  const conversation = pending.get(conversationId);
  if (!conversation) return;
  try {
    await deleteConversation(conversation);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) {
      cancelDeletion(conversationId);
      throw error;
    }
  }
  applyConversationRemoval(conversationId);
  pending.delete(conversationId);
  publish();
}

/** Hides the pending ids from a list page (the sidebar's and the archive's queries). */
export function withoutPending<T extends { conversations: Conversation[] }>(page: T, ids: ReadonlySet<string>): T {
  return ids.size === 0 ? page : { ...page, conversations: page.conversations.filter((c) => !ids.has(c.conversationId)) };
}

// A tab closed inside the undo window still deletes: the requests outlive the page (keepalive).
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const conversation of pending.values()) void deleteConversation(conversation, { keepalive: true }).catch(() => {});
    pending.clear();
  });
}
