import type { ConversationListPage, ConversationSortBy, SortDirection } from '@confab/shared';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { TITLE_SORT_CHARS } from '../../db/migrations/003-conversation-management.js';
import type { ConversationsTable } from '../../db/schema.js';
import { idIn, type SearchIndex } from '../search/search-index.js';
import { walkMatching } from '../search/walk-matching.js';
import { hasAnyTag } from '../tags/tag-json.js';
import { decodeCursor, encodeCursor, invalidCursorError } from './cursor.js';
import { toConversation } from './conversations.repo.js';

export interface ListOptions {
  cursor?: string | undefined;
  limit: number;
  isArchived: boolean;
  sortBy: ConversationSortBy;
  sortDirection: SortDirection;
  /** Conversations carrying any of these tags. */
  tags: readonly string[];
  /** Words that must all appear in the title or in one message; undefined for no search. */
  searchTerms?: readonly string[] | undefined;
}

/**
 * Sort keys as the list indexes of migration 003 spell them, so every order is an index walk.
 * Titles compare by their first TITLE_SORT_CHARS characters, then by id.
 */
function sortKey(sortBy: ConversationSortBy): Expression<string> {
  if (sortBy === 'title') return sql<string>`substr(${sql.ref('conversations.title')}, 1, ${sql.lit(TITLE_SORT_CHARS)})`;
  return sql.ref<string>(sortBy === 'createdAt' ? 'conversations.created_at' : 'conversations.updated_at');
}

function sortValue(row: ConversationsTable, sortBy: ConversationSortBy): string {
  if (sortBy === 'title') return [...row.title].slice(0, TITLE_SORT_CHARS).join('');
  return sortBy === 'createdAt' ? row.created_at : row.updated_at;
}

/**
 * One page of the caller's conversations, in any of the three orders, either direction.
 *
 * A search narrows the list in one of two ways. When few messages match, the search returns the
 * complete set of matching conversations and the list is filtered by it. When many match, the
 * list is walked in order and checked chunk by chunk (see walkMatching).
 */
export async function listConversations(db: Db, search: SearchIndex, userId: string, options: ListOptions): Promise<ConversationListPage> {
  const terms = options.searchTerms;
  if (terms && terms.length === 0) return { conversations: [], nextCursor: null };
  const key = sortKey(options.sortBy);
  const isDescending = options.sortDirection === 'desc';
  const direction = isDescending ? 'desc' : 'asc';

  const fetchRows = (after: readonly [string, string] | null, size: number, only?: readonly string[]) => {
    let query = db.kysely
      .selectFrom('conversations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('is_archived', '=', options.isArchived ? 1 : 0)
      // Temporary chats (an expiry set) are never listed: they are opened only at their own URL.
      .where('expired_at', 'is', null);
    if (after) {
      // Row values compare (key, id) pairs, so ties on the key page by id without gaps or repeats.
      query = query.where(sql<SqlBool>`(${key}, ${sql.ref('conversations.conversation_id')}) ${sql.raw(isDescending ? '<' : '>')} (${after[0]}, ${after[1]})`);
    }
    if (options.tags.length > 0) query = query.where('tags', '<>', '[]').where(hasAnyTag(db.dialect, options.tags));
    if (only) query = query.where(idIn(db.dialect, sql.ref('conversations.conversation_id'), only));
    return query.orderBy(key, direction).orderBy('conversation_id', direction).limit(size).execute();
  };

  const start = options.cursor ? decodeListCursor(options.cursor, options) : null;
  let rows: ConversationsTable[];
  if (!terms) {
    rows = await fetchRows(start, options.limit + 1);
  } else {
    const few = await search.matchingConversationsIfFew(userId, terms);
    if (few) {
      rows = few.length ? await fetchRows(start, options.limit + 1, few) : [];
    } else {
      rows = await walkMatching({
        fetchAfter: (last, size) => fetchRows(last ? [sortValue(last, options.sortBy), last.conversation_id] : start, size),
        conversationOf: (row) => row.conversation_id,
        matching: (ids) => search.filterConversations(userId, terms, ids),
        wanted: options.limit + 1,
      });
    }
  }

  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last
      ? encodeCursor([options.sortBy, options.sortDirection, sortValue(last, options.sortBy), last.conversation_id])
      : null;
  return { conversations: page.map(toConversation), nextCursor };
}

/** The cursor remembers its order: one made for another sort or direction is refused. */
function decodeListCursor(cursor: string, options: ListOptions): [string, string] {
  const [sortBy, direction, value, id] = decodeCursor(cursor, ['string', 'string', 'string', 'string']) as string[];
  if (sortBy !== options.sortBy || direction !== options.sortDirection) throw invalidCursorError();
  return [value ?? '', id ?? ''];
}
