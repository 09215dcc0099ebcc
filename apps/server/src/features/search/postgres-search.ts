import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { decodeCursor, encodeCursor } from '../conversations/cursor.js';
import { toTsQuery } from './fts-query.js';
import type { SearchIndex } from './search-index.js';

/**
 * How many of the newest messages are checked in order before asking the GIN index. A common
 * word fills a page from them at once; a rare one is found through the index, and sorting its
 * few matches is cheap. Asking the planner to choose between the two is what we avoid: with a
 * prefix query its row estimates can be off by orders of magnitude.
 */
export const NEWEST_WINDOW = 1000;

const tsQuery = (terms: readonly string[]) => sql`to_tsquery('simple'::regconfig, ${toTsQuery(terms)})`;
// Literal kinds, so the planner can pick the partial GIN index of that kind.
const MESSAGE = sql.lit(0);
const TITLE = sql.lit(1);

/**
 * Runs `work` where the planner can only use bitmap scans, which for a `tsv @@ query` condition
 * means the GIN index. Asked for the newest matches, the planner otherwise likes to walk the
 * user's messages newest first and test each: instant for a common word, but a word that
 * matches nothing walks all of them (230 ms instead of 0.1 on 200,000 messages). Used only once
 * the newest messages showed the word to be rare, when the index is the right path.
 * The settings are LOCAL: they end with the transaction.
 */
function withGinOnly<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    await sql`set local enable_indexonlyscan = off`.execute(trx);
    return work(trx);
  });
}

/** PostgreSQL text search over `search_docs`, the stored vectors of migration 003. */
export function createPostgresSearchIndex(db: Kysely<Database>, fewMatches: number, newestWindow = NEWEST_WINDOW): SearchIndex {
  return {
    // Triggers update each document's vector in the writing transaction.
    catchUp: () => Promise.resolve(),

    async searchMessages(userId, terms, { cursor, limit }) {
      const after = cursor ? (decodeCursor(cursor, ['string', 'string']) as [string, string]) : null;
      const q = tsQuery(terms);
      const before = (position: [string, string] | null) => (position ? sql`and (created_at, ref_id) < (${position[0]}, ${position[1]})` : sql``);

      // The newest `newestWindow` messages, tested in the database: their matches (a page and
      // one more at most), the oldest message looked at, and how many were looked at.
      const { rows } = await sql<{ ref_id: string; created_at: string; hit: boolean; seen: number }>`
        with newest as materialized (
          select ref_id, created_at, tsv @@ ${q} as hit from search_docs
          where user_id = ${userId} and kind = ${MESSAGE} ${before(after)}
          order by created_at desc, ref_id desc limit ${newestWindow}
        )
        select r.*, (select count(*) from newest) as seen from (
          (select ref_id, created_at, true as hit from newest where hit order by created_at desc, ref_id desc limit ${limit + 1})
          union all
          (select ref_id, created_at, false as hit from newest order by created_at asc, ref_id asc limit 1)
        ) r
        -- Ordered here, in the database's collation, the one the cursor comparison uses too.
        order by r.hit desc, r.created_at desc, r.ref_id desc`.execute(db);
      let hits = rows.filter((r) => r.hit);
      const oldestSeen = rows.find((r) => !r.hit);
      if (hits.length <= limit && Number(rows[0]?.seen ?? 0) === newestWindow && oldestSeen) {
        const older = await withGinOnly(db, (trx) =>
          sql<{ ref_id: string; created_at: string }>`
            select ref_id, created_at from search_docs
            where kind = ${MESSAGE} and user_id = ${userId} and tsv @@ ${q} ${before([oldestSeen.created_at, oldestSeen.ref_id])}
            order by created_at desc, ref_id desc limit ${limit + 1 - hits.length}`.execute(trx),
        );
        hits = [...hits, ...older.rows.map((r) => ({ ...r, hit: true, seen: 0 }))];
      }
      const page = hits.slice(0, limit);
      const last = page.at(-1);
      return {
        messageIds: page.map((r) => r.ref_id),
        nextCursor: hits.length > limit && last ? encodeCursor([last.created_at, last.ref_id]) : null,
      };
    },

    titleMatches(userId, terms) {
      // `= any(array(...))` is computed once, as an init plan. As `in (select ...)` the planner may
      // pick a nested loop that searches the index again for every listed conversation: 84 s
      // instead of 1 ms with 10,000 conversations on tables not yet analysed (bench/README.md).
      return sql<boolean>`${sql.ref('conversations.conversation_id')} = any(array(
        select conversation_id from search_docs where kind = ${TITLE} and user_id = ${userId} and tsv @@ ${tsQuery(terms)}))`;
    },

    async matchingConversationsIfFew(userId, terms) {
      const q = tsQuery(terms);
      // No order here, so the planner's choice is sound either way: a scan that stops at the
      // limit for a common word, the GIN index for a rare one.
      const messages = await sql<{ conversation_id: string }>`
        select conversation_id from search_docs where kind = ${MESSAGE} and user_id = ${userId} and tsv @@ ${q} limit ${fewMatches + 1}`.execute(db);
      if (messages.rows.length > fewMatches) return undefined;
      const titles = await sql<{ conversation_id: string }>`
        select conversation_id from search_docs where kind = ${TITLE} and user_id = ${userId} and tsv @@ ${q}`.execute(db);
      return [...new Set([...messages.rows, ...titles.rows].map((r) => r.conversation_id))];
    },

    async filterConversations(userId, terms, conversationIds) {
      if (conversationIds.length === 0) return new Set();
      const { rows } = await sql<{ conversation_id: string }>`
        select distinct conversation_id from search_docs
        where conversation_id = any(${[...conversationIds]}::text[]) and user_id = ${userId} and tsv @@ ${tsQuery(terms)}`.execute(db);
      return new Set(rows.map((r) => r.conversation_id));
    },
  };
}
