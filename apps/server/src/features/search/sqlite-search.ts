import { sql, type Kysely } from 'kysely';
import { conversationToken } from '../../db/migrations/003-conversation-management.js';
import { flushSearchBacklog } from '../../db/migrations/007-sqlite-search-backlog.js';
import type { Database } from '../../db/schema.js';
import { decodeCursor, encodeCursor } from '../conversations/cursor.js';
import { toFts5Query } from './fts-query.js';
import type { SearchIndex } from './search-index.js';

/** Conversations per FTS5 query when filtering a chunk: keeps the MATCH text a few kB. */
const FILTER_BATCH = 200;

/**
 * SQLite FTS5. Documents are numbered by `search_docs.doc_id` in insertion order, so "newest
 * first" is FTS5's own descending rowid walk, which stops as soon as a page is full. Text terms
 * are confined to the `body` column; `conv` only ever matches conversation tokens we write.
 * Writes are queued for the index (migration 007); every read indexes the queue first.
 */
export function createSqliteSearchIndex(db: Kysely<Database>, fewMatches: number): SearchIndex {
  const bodyMatch = (terms: readonly string[]) => `body : (${toFts5Query(terms)})`;
  const matchingDocs = (table: 'message_fts' | 'title_fts', userId: string, match: string) =>
    sql`select d.conversation_id from ${sql.raw(table)} f join search_docs d on d.doc_id = f.rowid
        where ${sql.raw(table)} match ${match} and d.user_id = ${userId}`;

  const catchUp = () => flushSearchBacklog(db as unknown as Kysely<unknown>);

  return {
    catchUp,

    async searchMessages(userId, terms, { cursor, limit }) {
      await catchUp();
      const before = cursor ? Number(decodeCursor(cursor, ['number'])[0]) : null;
      const { rows } = await sql<{ doc_id: number; ref_id: string }>`
        select d.doc_id, d.ref_id from message_fts f join search_docs d on d.doc_id = f.rowid
        where message_fts match ${bodyMatch(terms)} and d.user_id = ${userId} and d.kind = 0
        ${before === null ? sql`` : sql`and f.rowid < ${before}`}
        order by f.rowid desc limit ${limit + 1}`.execute(db);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { messageIds: page.map((r) => r.ref_id), nextCursor: rows.length > limit && last ? encodeCursor([last.doc_id]) : null };
    },

    titleMatches(userId, terms) {
      return sql<boolean>`${sql.ref('conversations.conversation_id')} in (${matchingDocs('title_fts', userId, bodyMatch(terms))})`;
    },

    async matchingConversationsIfFew(userId, terms) {
      await catchUp();
      const match = bodyMatch(terms);
      // Any fewMatches + 1 matches tell "few" from "many"; FTS5 stops there.
      const messages = await sql<{ conversation_id: string }>`${matchingDocs('message_fts', userId, match)} limit ${fewMatches + 1}`.execute(db);
      if (messages.rows.length > fewMatches) return undefined;
      const titles = await sql<{ conversation_id: string }>`${matchingDocs('title_fts', userId, match)}`.execute(db);
      return [...new Set([...messages.rows, ...titles.rows].map((r) => r.conversation_id))];
    },

    async filterConversations(userId, terms, conversationIds) {
      await catchUp();
      const matched = new Set<string>();
      for (let i = 0; i < conversationIds.length; i += FILTER_BATCH) {
        const tokens = conversationIds.slice(i, i + FILTER_BATCH).map((id) => `"${conversationToken(id).replace(/"/g, '""')}"`);
        const match = `conv : (${tokens.join(' OR ')}) AND ${bodyMatch(terms)}`;
        const { rows } = await sql<{ conversation_id: string }>`
          ${matchingDocs('message_fts', userId, match)} union ${matchingDocs('title_fts', userId, match)}`.execute(db);
        for (const row of rows) matched.add(row.conversation_id);
      }
      return matched;
    },
  };
}
