import type { ListSharedLinksQuery, SharedLink, SharedLinksPage } from '@confab/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import { TITLE_SORT_CHARS } from '../../db/migrations/003-conversation-management.js';
import type { Db } from '../../db/database.js';
import type { Database, SharedLinksTable } from '../../db/schema.js';
import { nowIso, randomToken } from '../../platform/ids.js';
import { decodeCursor, encodeCursor, invalidCursorError } from '../conversations/cursor.js';
import type { ConversationRow } from '../conversations/conversations.repo.js';
import { extractSearchTerms } from '../search/fts-query.js';
import { idIn, type SearchIndex } from '../search/search-index.js';
import { walkMatching } from '../search/walk-matching.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type ShareRow = SharedLinksTable;

/** 16 random bytes, url-safe: unguessable, so a link is only known to whom it was given. */
const newShareId = () => randomToken(16);

export function toSharedLink(row: ShareRow): SharedLink {
  return {
    shareId: row.share_id,
    conversationId: row.conversation_id,
    title: row.title,
    isPublic: row.is_public === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findShareOfConversation(db: Executor, userId: string, conversationId: string): Promise<ShareRow | undefined> {
  return db.selectFrom('shared_links').selectAll().where('user_id', '=', userId).where('conversation_id', '=', conversationId).executeTakeFirst();
}

export function findOwnShare(db: Executor, userId: string, shareId: string): Promise<ShareRow | undefined> {
  return db.selectFrom('shared_links').selectAll().where('user_id', '=', userId).where('share_id', '=', shareId).executeTakeFirst();
}

/** The one read that skips the owner: a visitor opening a link (ARCHITECTURE, Ownership). */
export function findShareForVisitor(db: Executor, shareId: string): Promise<ShareRow | undefined> {
  return db.selectFrom('shared_links').selectAll().where('share_id', '=', shareId).executeTakeFirst();
}

/** The cut-off of a share: the ids of the messages that exist right now. */
async function currentMessageIds(db: Executor, userId: string, conversationId: string): Promise<string> {
  const rows = await db.selectFrom('messages').select('message_id').where('conversation_id', '=', conversationId).where('user_id', '=', userId).execute();
  return JSON.stringify(rows.map((r) => r.message_id));
}

/** Creates the conversation's link, or returns the one it already has (one link per conversation). */
export async function createShare(
  trx: Transaction<Database>,
  userId: string,
  conversation: ConversationRow,
): Promise<{ share: ShareRow; isNew: boolean }> {
  const now = nowIso();
  const [inserted] = await trx
    .insertInto('shared_links')
    .values({
      share_id: newShareId(),
      conversation_id: conversation.conversation_id,
      user_id: userId,
      title: conversation.title,
      is_public: 1,
      message_ids: await currentMessageIds(trx, userId, conversation.conversation_id),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('conversation_id').doNothing())
    .execute();
  const row = await findShareOfConversation(trx, userId, conversation.conversation_id);
  if (!row) throw new Error('shared link vanished after insert');
  return { share: row, isNew: Number(inserted?.numInsertedOrUpdatedRows ?? 0) > 0 };
}

/**
 * Refresh: a new id (the old link stops working at once) and a new cut-off, so the link shows
 * the conversation as it is now, under its current title.
 */
export async function refreshShare(trx: Transaction<Database>, userId: string, share: ShareRow, title: string): Promise<ShareRow> {
  const shareId = newShareId();
  await trx
    .updateTable('shared_links')
    .set({ share_id: shareId, title, message_ids: await currentMessageIds(trx, userId, share.conversation_id), updated_at: nowIso() })
    .where('share_id', '=', share.share_id)
    .where('user_id', '=', userId)
    .execute();
  const row = await findOwnShare(trx, userId, shareId);
  if (!row) throw new Error('shared link vanished after refresh');
  return row;
}

export async function deleteShare(db: Executor, userId: string, shareId: string): Promise<boolean> {
  const result = await db.deleteFrom('shared_links').where('user_id', '=', userId).where('share_id', '=', shareId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const SORT_KEYS = {
  createdAt: sql.ref<string>('shared_links.created_at'),
  updatedAt: sql.ref<string>('shared_links.updated_at'),
  // As the title index of migration 003 spells it.
  title: sql<string>`substr(${sql.ref('shared_links.title')}, 1, ${sql.lit(TITLE_SORT_CHARS)})`,
} as const;

/** The owner's links, paged by an opaque cursor; `search` matches the conversation's title or messages. */
export async function listShares(db: Db, search: SearchIndex, userId: string, q: ListSharedLinksQuery): Promise<SharedLinksPage> {
  const key = SORT_KEYS[q.sortBy];
  const isDescending = q.sortDirection === 'desc';
  const keyOf = (row: ShareRow) => (q.sortBy === 'title' ? [...row.title].slice(0, TITLE_SORT_CHARS).join('') : q.sortBy === 'createdAt' ? row.created_at : row.updated_at);

  const fetchRows = (after: readonly [string, string] | null, size: number, only?: readonly string[]) => {
    let query = db.kysely.selectFrom('shared_links').selectAll().where('shared_links.user_id', '=', userId);
    if (q.isPublic !== undefined) query = query.where('is_public', '=', q.isPublic ? 1 : 0);
    if (only) query = query.where(idIn(db.dialect, sql.ref('shared_links.conversation_id'), only));
    if (after) query = query.where(sql<boolean>`(${key}, ${sql.ref('shared_links.share_id')}) ${sql.raw(isDescending ? '<' : '>')} (${after[0]}, ${after[1]})`);
    return query.orderBy(key, q.sortDirection).orderBy('shared_links.share_id', q.sortDirection).limit(size).execute();
  };

  let start: [string, string] | null = null;
  if (q.cursor) {
    const [sortBy, direction, value, id] = decodeCursor(q.cursor, ['string', 'string', 'string', 'string']) as string[];
    if (sortBy !== q.sortBy || direction !== q.sortDirection) throw invalidCursorError();
    start = [value ?? '', id ?? ''];
  }

  let rows: ShareRow[];
  const text = q.search?.trim();
  if (!text) {
    rows = await fetchRows(start, q.pageSize + 1);
  } else {
    const terms = extractSearchTerms(text);
    const few = terms.length ? await search.matchingConversationsIfFew(userId, terms) : [];
    if (few) {
      rows = few.length ? await fetchRows(start, q.pageSize + 1, few) : [];
    } else {
      rows = await walkMatching({
        fetchAfter: (last, size) => fetchRows(last ? [keyOf(last), last.share_id] : start, size),
        conversationOf: (row) => row.conversation_id,
        matching: (ids) => search.filterConversations(userId, terms, ids),
        wanted: q.pageSize + 1,
      });
    }
  }

  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  const hasNextPage = rows.length > q.pageSize;
  return {
    links: page.map((r) => ({ shareId: r.share_id, title: r.title || 'Untitled', isPublic: r.is_public === 1, createdAt: r.created_at, conversationId: r.conversation_id })),
    nextCursor: hasNextPage && last ? encodeCursor([q.sortBy, q.sortDirection, keyOf(last), last.share_id]) : null,
    hasNextPage,
  };
}
