import type { Conversation } from '@confab/shared';
import type { InfiniteData } from '@tanstack/react-query';
import type { ConversationFilters, ConversationPage } from './conversations-api';

/**
 * Local list updates (SPEC 4): add to the first page, patch one, remove one. Pure functions
 * over the infinite-query data, so the sidebar changes at once and without a refetch.
 */
export type ConversationPages = InfiniteData<ConversationPage, string | null>;

export function isConversationPages(data: unknown): data is ConversationPages {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as { pages?: unknown }).pages) &&
    Array.isArray((data as { pageParams?: unknown }).pageParams)
  );
}

/**
 * Drops pages that became empty, except the first: its page param is the list's start, so a
 * refetch still begins at the top.
 */
function dropEmptyPages(data: ConversationPages): ConversationPages {
  const keep = data.pages.map((page, i) => i === 0 || page.conversations.length > 0);
  if (keep.every(Boolean)) return data;
  return { pages: data.pages.filter((_, i) => keep[i]), pageParams: data.pageParams.filter((_, i) => keep[i]) };
}

export function removeConversation(data: ConversationPages, conversationId: string): ConversationPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    const conversations = page.conversations.filter((c) => c.conversationId !== conversationId);
    if (conversations.length === page.conversations.length) return page;
    changed = true;
    return { ...page, conversations };
  });
  return changed ? dropEmptyPages({ ...data, pages }) : data;
}

/** Puts the conversation at the top of the first page (once: an older copy is removed). */
export function addConversation(data: ConversationPages, conversation: Conversation): ConversationPages {
  const without = removeConversation(data, conversation.conversationId);
  const [first, ...rest] = without.pages;
  if (!first) return { pages: [{ conversations: [conversation], nextCursor: null }], pageParams: [null] };
  return { ...without, pages: [{ ...first, conversations: [conversation, ...first.conversations] }, ...rest] };
}

export function patchConversation(
  data: ConversationPages,
  conversationId: string,
  patch: Partial<Conversation>,
): ConversationPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    const index = page.conversations.findIndex((c) => c.conversationId === conversationId);
    if (index < 0) return page;
    changed = true;
    const conversations = page.conversations.map((c, i) => (i === index ? { ...c, ...patch } : c));
    return { ...page, conversations };
  });
  return changed ? { ...data, pages } : data;
}

export function findConversation(data: ConversationPages, conversationId: string): Conversation | undefined {
  for (const page of data.pages) {
    const found = page.conversations.find((c) => c.conversationId === conversationId);
    if (found) return found;
  }
  return undefined;
}

/** Whether a list with these filters would show the conversation (for adds and patches). */
export function matchesFilters(conversation: Conversation, filters: Partial<ConversationFilters> | undefined): boolean {
  if (!filters) return !conversation.isArchived;
  if (Boolean(filters.isArchived) !== Boolean(conversation.isArchived)) return false;
  if (filters.tags?.length && !filters.tags.some((tag) => conversation.tags?.includes(tag))) return false;
  if (filters.search && !conversation.title.toLowerCase().includes(filters.search.toLowerCase())) return false;
  return true;
}

/** Lists ordered by anything but "updatedAt, newest first" cannot take an item at the top. */
export function isNewestFirst(filters: Partial<ConversationFilters> | undefined): boolean {
  return !filters || ((filters.sortBy ?? 'updatedAt') === 'updatedAt' && (filters.sortDirection ?? 'desc') === 'desc');
}

/**
 * A refreshed first page laid over a long list without refetching every page: the new first
 * page, then what the old first page still holds (items pushed down by newer ones), then the
 * other pages, each without the conversations the new first page now shows.
 */
export function mergeFirstPage(data: ConversationPages, first: ConversationPages['pages'][number]): ConversationPages {
  const fresh = new Set(first.conversations.map((c) => c.conversationId));
  const [oldFirst, ...rest] = data.pages;
  const [firstParam = null, ...restParams] = data.pageParams;
  const pushedDown = oldFirst
    ? { ...oldFirst, conversations: oldFirst.conversations.filter((c) => !fresh.has(c.conversationId)) }
    : null;
  const pages = [
    first,
    ...(pushedDown && pushedDown.conversations.length ? [pushedDown] : []),
    ...rest.map((p) => ({ ...p, conversations: p.conversations.filter((c) => !fresh.has(c.conversationId)) })),
  ];
  const pageParams = [
    firstParam,
    ...(pushedDown && pushedDown.conversations.length ? [firstParam] : []),
    ...restParams,
  ];
  return dropEmptyPages({ pages, pageParams });
}
