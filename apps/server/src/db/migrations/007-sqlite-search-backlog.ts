import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createSqliteIndexTriggers, SEARCH_TEXT_CHARS, sqliteConversationToken } from './003-conversation-management.js';
import * as searchFinishedReplies from './006-search-finished-replies.js';

/**
 * SQLite: messages and titles are queued for the full-text index instead of written into it
 * by each statement. FTS5 writes a new index segment at every commit that touched it, about
 * 0.5 ms per chat (three small commits); the queue costs a row, and `flushSearchBacklog`
 * indexes all of it in one commit a second, and before any search reads.
 *
 * `search_pending` holds the queued documents; `fresh` marks documents FTS5 has never seen, so
 * the flush need not delete their (absent) old entry. Deleting a message or conversation
 * removes its entry at once, as before, and drops it from the queue.
 *
 * PostgreSQL keeps its per-row tsvector triggers: a GIN index already defers its own work.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const TRIGGERS = [
  'messages_search_insert',
  'messages_search_update',
  'messages_search_delete',
  'conversations_search_insert',
  'conversations_search_update',
  'conversations_search_delete',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table search_pending (doc_id integer primary key, fresh integer not null)`.execute(db);
  for (const trigger of TRIGGERS) await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);

  await sql`create trigger messages_search_insert after insert on messages begin
    insert into search_docs (kind, ref_id, conversation_id, user_id) values (0, new.message_id, new.conversation_id, new.user_id);
    insert into search_pending (doc_id, fresh) values (last_insert_rowid(), 1);
  end`.execute(db);
  // As migration 006: a reply is indexed once finished, and after each later edit.
  await sql`create trigger messages_search_update after update of text, unfinished on messages
    when new.unfinished = 0 and (old.text is not new.text or old.unfinished <> 0) begin
    insert or ignore into search_pending (doc_id, fresh) select doc_id, 0 from search_docs where ref_id = new.message_id and kind = 0;
  end`.execute(db);
  await sql`create trigger messages_search_delete after delete on messages begin
    delete from message_fts where rowid = (select doc_id from search_docs where ref_id = old.message_id and kind = 0);
    delete from search_pending where doc_id = (select doc_id from search_docs where ref_id = old.message_id and kind = 0);
    delete from search_docs where ref_id = old.message_id and kind = 0;
  end`.execute(db);

  await sql`create trigger conversations_search_insert after insert on conversations begin
    insert into search_docs (kind, ref_id, conversation_id, user_id) values (1, new.conversation_id, new.conversation_id, new.user_id);
    insert into search_pending (doc_id, fresh) values (last_insert_rowid(), 1);
  end`.execute(db);
  await sql`create trigger conversations_search_update after update of title on conversations when old.title is not new.title begin
    insert or ignore into search_pending (doc_id, fresh) select doc_id, 0 from search_docs where ref_id = new.conversation_id and kind = 1;
  end`.execute(db);
  await sql`create trigger conversations_search_delete after delete on conversations begin
    delete from title_fts where rowid = (select doc_id from search_docs where ref_id = old.conversation_id and kind = 1);
    delete from search_pending where doc_id = (select doc_id from search_docs where ref_id = old.conversation_id and kind = 1);
    delete from search_docs where ref_id = old.conversation_id and kind = 1;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await flushSearchBacklog(db);
  for (const trigger of TRIGGERS) await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  await createSqliteIndexTriggers(db);
  await searchFinishedReplies.up(db);
  await sql`drop table if exists search_pending`.execute(db);
}

/** Documents indexed per transaction: a large import's queue is indexed in steps, not one long stall. */
export const SEARCH_FLUSH_BATCH = 1000;

/**
 * Indexes every queued document with its text as it stands now, SEARCH_FLUSH_BATCH at a time
 * (oldest first), each step in its own transaction with a turn of the event loop between them:
 * better-sqlite3 runs on the server's thread. The caller runs it on SQLite only; it does
 * nothing when the queue is empty.
 */
export async function flushSearchBacklog(db: Kysely<unknown>, batchSize = SEARCH_FLUSH_BATCH): Promise<void> {
  const limit = sql.lit(SEARCH_TEXT_CHARS);
  for (;;) {
    const { rows } = await sql<{ queued: number }>`select exists (select 1 from search_pending) as queued`.execute(db);
    if (!rows[0]?.queued) return;
    await db.transaction().execute(async (trx) => {
      // The step's documents: the same set for every statement below, as nothing else writes
      // inside this transaction.
      const step = sql`(select doc_id, fresh from search_pending order by doc_id limit ${batchSize})`;
      // A reply still being written is left as it was indexed (migration 006) and dropped from
      // the queue: finishing it queues it again. Old entries go first (`fresh` documents have
      // none).
      // CROSS JOIN keeps this order (SQLite's rule): the step drives, and each document is
      // looked up by key. Left to itself the planner may scan all messages for every step.
      const queuedMessages = sql`${step} p cross join search_docs d on d.doc_id = p.doc_id
        cross join messages m on m.message_id = d.ref_id and d.kind = 0 and m.unfinished = 0`;
      const queuedTitles = sql`${step} p cross join search_docs d on d.doc_id = p.doc_id
        cross join conversations c on c.conversation_id = d.ref_id and d.kind = 1`;
      // Old entries are deleted one rowid at a time: given a list, the planner may scan the
      // whole FTS5 table instead.
      const stale = await sql<{ doc_id: number; kind: number }>`
        select p.doc_id, d.kind from ${queuedMessages} where p.fresh = 0
        union all select p.doc_id, d.kind from ${queuedTitles} where p.fresh = 0`.execute(trx);
      for (const { doc_id: docId, kind } of stale.rows) {
        await sql`delete from ${sql.raw(kind === 0 ? 'message_fts' : 'title_fts')} where rowid = ${docId}`.execute(trx);
      }
      await sql`insert into message_fts (rowid, body, conv)
        select d.doc_id, substr(m.text, 1, ${limit}), ${sqliteConversationToken('d')} from ${queuedMessages}`.execute(trx);
      await sql`insert into title_fts (rowid, body, conv)
        select d.doc_id, c.title, ${sqliteConversationToken('d')} from ${queuedTitles}`.execute(trx);
      await sql`delete from search_pending where doc_id in (select doc_id from ${step})`.execute(trx);
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
}
