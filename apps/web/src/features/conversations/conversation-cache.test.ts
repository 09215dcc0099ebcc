import type { Conversation } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import {
  addConversation,
  findConversation,
  isNewestFirst,
  matchesFilters,
  mergeFirstPage,
  patchConversation,
  removeConversation,
  type ConversationPages,
} from './conversation-cache';

function convo(id: string, extra: Partial<Conversation> = {}): Conversation {
  return {
    conversationId: id,
    title: `Title ${id}`,
    endpoint: 'openAI',
    user: 'u',
    isArchived: false,
    tags: [],
    expiredAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

function pages(...ids: string[][]): ConversationPages {
  return {
    pages: ids.map((list, i) => ({
      conversations: list.map((id) => convo(id)),
      nextCursor: i < ids.length - 1 ? `cursor-${i + 1}` : null,
    })),
    pageParams: ids.map((_, i) => (i === 0 ? null : `cursor-${i}`)),
  };
}

const idsOf = (data: ConversationPages) => data.pages.map((p) => p.conversations.map((c) => c.conversationId));

describe('conversation list cache', () => {
  it('adds to the top of the first page, once', () => {
    const data = pages(['a', 'b'], ['c']);
    expect(idsOf(addConversation(data, convo('n')))).toEqual([['n', 'a', 'b'], ['c']]);
    expect(idsOf(addConversation(data, convo('c')))).toEqual([['c', 'a', 'b']]);
  });

  it('adds to an empty list', () => {
    const empty: ConversationPages = { pages: [], pageParams: [] };
    expect(addConversation(empty, convo('n'))).toEqual({
      pages: [{ conversations: [convo('n')], nextCursor: null }],
      pageParams: [null],
    });
  });

  it('removes one and drops pages it emptied, but never the first page', () => {
    const data = pages(['a'], ['b'], ['c']);
    const withoutB = removeConversation(data, 'b');
    expect(idsOf(withoutB)).toEqual([['a'], ['c']]);
    expect(withoutB.pageParams).toEqual([null, 'cursor-2']);
    const withoutA = removeConversation(data, 'a');
    expect(idsOf(withoutA)).toEqual([[], ['b'], ['c']]);
    expect(withoutA.pageParams[0]).toBeNull();
  });

  it('returns the same object when nothing changes', () => {
    const data = pages(['a']);
    expect(removeConversation(data, 'zzz')).toBe(data);
    expect(patchConversation(data, 'zzz', { title: 'x' })).toBe(data);
  });

  it('patches one in place', () => {
    const patched = patchConversation(pages(['a', 'b'], ['c']), 'c', { title: 'Renamed' });
    expect(findConversation(patched, 'c')?.title).toBe('Renamed');
    expect(findConversation(patched, 'a')?.title).toBe('Title a');
  });

  it('tells whether a list would show a conversation', () => {
    expect(matchesFilters(convo('a'), { isArchived: false, tags: [], search: '' })).toBe(true);
    expect(matchesFilters(convo('a', { isArchived: true }), { isArchived: false })).toBe(false);
    expect(matchesFilters(convo('a', { isArchived: true }), { isArchived: true })).toBe(true);
    expect(matchesFilters(convo('a', { tags: ['Saved'] }), { isArchived: false, tags: ['Saved', 'Work'] })).toBe(true);
    expect(matchesFilters(convo('a'), { isArchived: false, tags: ['Saved'] })).toBe(false);
    expect(matchesFilters(convo('a', { title: 'Trip to Rome' }), { search: 'rome' })).toBe(true);
    expect(matchesFilters(convo('a', { title: 'Trip to Rome' }), { search: 'paris' })).toBe(false);
  });

  it('knows which lists are newest-first', () => {
    expect(isNewestFirst(undefined)).toBe(true);
    expect(isNewestFirst({ sortBy: 'updatedAt', sortDirection: 'desc' })).toBe(true);
    expect(isNewestFirst({ sortBy: 'createdAt', sortDirection: 'desc' })).toBe(false);
    expect(isNewestFirst({ sortBy: 'updatedAt', sortDirection: 'asc' })).toBe(false);
  });
});

describe('mergeFirstPage', () => {
  it('puts the fresh first page on top and keeps what it pushed down', () => {
    const data = pages(['a', 'b', 'c'], ['d', 'e'], ['f']);
    const fresh = { conversations: [convo('n'), convo('a'), convo('b')], nextCursor: 'cursor-b' };
    const merged = mergeFirstPage(data, fresh);
    expect(idsOf(merged)).toEqual([['n', 'a', 'b'], ['c'], ['d', 'e'], ['f']]);
    expect(merged.pageParams).toEqual([null, null, 'cursor-1', 'cursor-2']);
    // Paging on continues from the last page's cursor.
    expect(merged.pages.at(-1)?.nextCursor).toBe(data.pages.at(-1)?.nextCursor);
  });

  it('moves an updated conversation from deep in the list to the top, once', () => {
    const data = pages(['a', 'b'], ['c', 'd'], ['e']);
    const merged = mergeFirstPage(data, { conversations: [convo('e'), convo('a')], nextCursor: 'x' });
    expect(idsOf(merged)).toEqual([['e', 'a'], ['b'], ['c', 'd']]);
  });
});
