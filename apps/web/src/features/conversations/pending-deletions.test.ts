import type { Conversation } from '@confab/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';

const api = vi.hoisted(() => ({ deleteConversation: vi.fn() }));
const lists = vi.hoisted(() => ({ applyConversationRemoval: vi.fn() }));
vi.mock('./conversations-api', () => api);
vi.mock('./list-updates', () => lists);

const { cancelDeletion, commitDeletion, deferDeletion, usePendingDeletions, withoutPending } = await import(
  './pending-deletions'
);

const conversation = { conversationId: 'c1', endpoint: 'openAI' };
const hidden = () => [...usePendingDeletions.getState().ids];

describe('pending deletions', () => {
  beforeEach(() => {
    api.deleteConversation.mockReset();
    lists.applyConversationRemoval.mockReset();
  });

  it('hides a deleted conversation without asking the server, and Undo brings it back', () => {
    deferDeletion(conversation);
    expect(hidden()).toEqual(['c1']);
    expect(cancelDeletion('c1')).toBe(true);
    expect(hidden()).toEqual([]);
    expect(cancelDeletion('c1')).toBe(false);
    expect(api.deleteConversation).not.toHaveBeenCalled();
  });

  it('sends the DELETE when committed, then forgets it everywhere', async () => {
    api.deleteConversation.mockResolvedValue({ deletedCount: 1 });
    deferDeletion(conversation);
    await commitDeletion('c1');
    expect(api.deleteConversation).toHaveBeenCalledWith(conversation);
    expect(lists.applyConversationRemoval).toHaveBeenCalledWith('c1');
    expect(hidden()).toEqual([]);
    // Undo after the DELETE went has nothing to undo.
    expect(cancelDeletion('c1')).toBe(false);
  });

  it('counts one already gone as deleted, and shows one the server kept again', async () => {
    api.deleteConversation.mockRejectedValueOnce(new ApiError(404, null, 'Not Found'));
    deferDeletion(conversation);
    await commitDeletion('c1');
    expect(lists.applyConversationRemoval).toHaveBeenCalledWith('c1');

    api.deleteConversation.mockRejectedValueOnce(new ApiError(500, null, 'boom'));
    deferDeletion(conversation);
    await expect(commitDeletion('c1')).rejects.toThrow('boom');
    expect(hidden()).toEqual([]);
    expect(lists.applyConversationRemoval).toHaveBeenCalledTimes(1);
  });

  it('filters hidden ids out of a list page', () => {
    const page = { conversations: [{ conversationId: 'a' }, { conversationId: 'b' }] as Conversation[], nextCursor: null };
    expect(withoutPending(page, new Set(['a'])).conversations.map((c) => c.conversationId)).toEqual(['b']);
    expect(withoutPending(page, new Set())).toBe(page);
  });
});
