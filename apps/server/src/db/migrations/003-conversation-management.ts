import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Conversation management: list indexes for every sort order, bookmarks (tags), shared links and
 * full-text search over message text and conversation titles.
 *
 * Search stays in sync inside the database: triggers on messages and conversations feed it, so
 * every write path (chat, edits, imports, deletes, cascades) is covered without the callers knowing.
 * - PostgreSQL: `search_docs` holds a stored tsvector per message and title, with GIN indexes.
 * - SQLite: FTS5 contentless tables keyed by `search_docs.doc_id` (an INTEGER PRIMARY KEY: the
 *   implicit rowid of a text-keyed table may change on VACUUM, which would orphan FTS rows).
 * Only the first SEARCH_TEXT_CHARS of a message are indexed: PostgreSQL refuses a tsvector over
 * 1 MB, and a refused index entry would fail the message insert itself.
 */
export const SEARCH_TEXT_CHARS = 100_000;
/** Title sorting uses this expression; queries must spell it the same way to use the index. */
export const TITLE_SORT_CHARS = 200;
const TITLE_SORT_KEY = sql.raw(`substr(title, 1, ${TITLE_SORT_CHARS})`);

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One index per sort order, each led by the owner and the archive flag the list always filters on.
  await db.schema.dropIndex('conversations_user_updated_idx').ifExists().execute();
  for (const [name, column] of [
    ['conversations_list_updated_idx', 'updated_at'],
    ['conversations_list_created_idx', 'created_at'],
  ] as const) {
    await db.schema.createIndex(name).on('conversations').columns(['user_id', 'is_archived', column, 'conversation_id']).execute();
  }
  // Titles sort by a bounded prefix: a PostgreSQL b-tree entry over ~2.7 kB would refuse the row.
  await sql`create index conversations_list_title_idx on conversations (user_id, is_archived, ${TITLE_SORT_KEY}, conversation_id)`.execute(db);
  await db.schema
    .createIndex('conversations_expired_idx')
    .on('conversations')
    .column('expired_at')
    .where(sql.ref('expired_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('conversation_tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('conversation_tags_user_tag_key', ['user_id', 'tag'])
    .execute();
  await db.schema.createIndex('conversation_tags_user_position_idx').on('conversation_tags').columns(['user_id', 'position']).execute();

  await db.schema
    .createTable('shared_links')
    .addColumn('share_id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().unique().references('conversations.conversation_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    // JSON array of the message ids that existed when the link was made (or last refreshed).
    .addColumn('message_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['created_at', 'updated_at'] as const) {
    await db.schema.createIndex(`shared_links_user_${column}_idx`).on('shared_links').columns(['user_id', column, 'share_id']).execute();
  }
  await sql`create index shared_links_user_title_idx on shared_links (user_id, ${TITLE_SORT_KEY}, share_id)`.execute(db);

  if (isPostgres(db)) await createPostgresSearch(db);
  else await createSqliteSearch(db);
}

/** The conversation token of migration 003's FTS5 `conv` column: one word per conversation. */
export const conversationToken = (conversationId: string): string => `c${conversationId.replace(/-/g, '')}`;

async function createPostgresSearch(db: Kysely<unknown>): Promise<void> {
  const limit = sql.lit(SEARCH_TEXT_CHARS);
  // One row per message (kind 0) and per conversation title (kind 1), with its stored vector: the
  // planner may then filter rows cheaply instead of re-parsing text for every row it visits.
  await sql`create table search_docs (
    kind smallint not null,
    ref_id text not null,
    conversation_id text not null,
    user_id text not null,
    created_at text not null,
    tsv tsvector not null,
    primary key (ref_id, kind)
  )`.execute(db);
  // Partial indexes, so a title search never wades through message postings and vice versa.
  await sql`create index search_docs_message_tsv_idx on search_docs using gin (tsv) where kind = 0`.execute(db);
  await sql`create index search_docs_title_tsv_idx on search_docs using gin (tsv) where kind = 1`.execute(db);
  await sql`create index search_docs_user_created_idx on search_docs (user_id, kind, created_at, ref_id)`.execute(db);
  await sql`create index search_docs_conversation_idx on search_docs (conversation_id, kind)`.execute(db);

  await sql`create function search_docs_sync_message() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from search_docs where ref_id = old.message_id and kind = 0;
      elsif tg_op = 'INSERT' then
        insert into search_docs (kind, ref_id, conversation_id, user_id, created_at, tsv)
        values (0, new.message_id, new.conversation_id, new.user_id, new.created_at, to_tsvector('simple', left(new.text, ${limit})));
      else
        update search_docs set tsv = to_tsvector('simple', left(new.text, ${limit})) where ref_id = new.message_id and kind = 0;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function search_docs_sync_title() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from search_docs where ref_id = old.conversation_id and kind = 1;
      elsif tg_op = 'INSERT' then
        insert into search_docs (kind, ref_id, conversation_id, user_id, created_at, tsv)
        values (1, new.conversation_id, new.conversation_id, new.user_id, new.created_at, to_tsvector('simple', new.title));
      else
        update search_docs set tsv = to_tsvector('simple', new.title) where ref_id = new.conversation_id and kind = 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger messages_search_insert after insert or delete on messages for each row execute function search_docs_sync_message()`.execute(db);
  await sql`create trigger messages_search_update after update of text on messages for each row when (old.text is distinct from new.text) execute function search_docs_sync_message()`.execute(db);
  await sql`create trigger conversations_search_insert after insert or delete on conversations for each row execute function search_docs_sync_title()`.execute(db);
  await sql`create trigger conversations_search_update after update of title on conversations for each row when (old.title is distinct from new.title) execute function search_docs_sync_title()`.execute(db);

  await sql`insert into search_docs (kind, ref_id, conversation_id, user_id, created_at, tsv)
    select 0, message_id, conversation_id, user_id, created_at, to_tsvector('simple', left(text, ${limit})) from messages`.execute(db);
  await sql`insert into search_docs (kind, ref_id, conversation_id, user_id, created_at, tsv)
    select 1, conversation_id, conversation_id, user_id, created_at, to_tsvector('simple', title) from conversations`.execute(db);
}

/** `conversationToken` in SQL, of the row named `row`. */
export const sqliteConversationToken = (row: string) => sql.raw(`'c' || replace(${row}.conversation_id, '-', '')`);

/**
 * The triggers that write each change straight into FTS5 (migration 007 queues them instead;
 * its rollback brings these back).
 */
export async function createSqliteIndexTriggers(db: Kysely<unknown>): Promise<void> {
  const limit = sql.lit(SEARCH_TEXT_CHARS);
  await sql`create trigger if not exists messages_search_insert after insert on messages begin
    insert into search_docs (kind, ref_id, conversation_id, user_id) values (0, new.message_id, new.conversation_id, new.user_id);
    insert into message_fts (rowid, body, conv) values (last_insert_rowid(), substr(new.text, 1, ${limit}), ${sqliteConversationToken('new')});
  end`.execute(db);
  await sql`create trigger if not exists messages_search_update after update of text on messages when old.text is not new.text begin
    delete from message_fts where rowid = (select doc_id from search_docs where ref_id = new.message_id and kind = 0);
    insert into message_fts (rowid, body, conv)
      select doc_id, substr(new.text, 1, ${limit}), ${sqliteConversationToken('new')} from search_docs where ref_id = new.message_id and kind = 0;
  end`.execute(db);
  await sql`create trigger if not exists messages_search_delete after delete on messages begin
    delete from message_fts where rowid = (select doc_id from search_docs where ref_id = old.message_id and kind = 0);
    delete from search_docs where ref_id = old.message_id and kind = 0;
  end`.execute(db);

  await sql`create trigger if not exists conversations_search_insert after insert on conversations begin
    insert into search_docs (kind, ref_id, conversation_id, user_id) values (1, new.conversation_id, new.conversation_id, new.user_id);
    insert into title_fts (rowid, body, conv) values (last_insert_rowid(), new.title, ${sqliteConversationToken('new')});
  end`.execute(db);
  await sql`create trigger if not exists conversations_search_update after update of title on conversations when old.title is not new.title begin
    delete from title_fts where rowid = (select doc_id from search_docs where ref_id = new.conversation_id and kind = 1);
    insert into title_fts (rowid, body, conv)
      select doc_id, new.title, ${sqliteConversationToken('new')} from search_docs where ref_id = new.conversation_id and kind = 1;
  end`.execute(db);
  await sql`create trigger if not exists conversations_search_delete after delete on conversations begin
    delete from title_fts where rowid = (select doc_id from search_docs where ref_id = old.conversation_id and kind = 1);
    delete from search_docs where ref_id = old.conversation_id and kind = 1;
  end`.execute(db);
}

async function createSqliteSearch(db: Kysely<unknown>): Promise<void> {
  const limit = sql.lit(SEARCH_TEXT_CHARS);
  await db.schema
    .createTable('search_docs')
    .addColumn('doc_id', 'integer', (c) => c.primaryKey())
    // 0: a message (ref_id = message_id), 1: a conversation title (ref_id = conversation_id).
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addUniqueConstraint('search_docs_ref_key', ['ref_id', 'kind'])
    .execute();
  // `body` is the text; `conv` holds one token naming the conversation, so "which of these
  // conversations match" is a single FTS5 query. Prefix indexes keep short prefixes ("a", "ne")
  // from merging thousands of term lists.
  for (const table of ['message_fts', 'title_fts']) {
    await sql`create virtual table ${sql.raw(table)} using fts5(body, conv, content='', contentless_delete=1, prefix='1 2 3', tokenize='unicode61 remove_diacritics 2')`.execute(db);
  }
  await createSqliteIndexTriggers(db);

  // Index what exists already, oldest first so doc ids keep the "newer is larger" order.
  await sql`insert into search_docs (kind, ref_id, conversation_id, user_id)
    select 0, message_id, conversation_id, user_id from messages order by created_at`.execute(db);
  await sql`insert into message_fts (rowid, body, conv)
    select c.doc_id, substr(m.text, 1, ${limit}), ${sqliteConversationToken('c')} from search_docs c join messages m on m.message_id = c.ref_id where c.kind = 0`.execute(db);
  await sql`insert into search_docs (kind, ref_id, conversation_id, user_id)
    select 1, conversation_id, conversation_id, user_id from conversations order by created_at`.execute(db);
  await sql`insert into title_fts (rowid, body, conv)
    select c.doc_id, t.title, ${sqliteConversationToken('c')} from search_docs c join conversations t on t.conversation_id = c.ref_id where c.kind = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ['messages_search_insert', 'messages'], ['messages_search_update', 'messages'], ['messages_search_delete', 'messages'],
    ['conversations_search_insert', 'conversations'], ['conversations_search_update', 'conversations'], ['conversations_search_delete', 'conversations'],
  ] as const) {
    await sql`drop trigger if exists ${sql.raw(trigger)}${isPostgres(db) ? sql.raw(` on ${table}`) : sql``}`.execute(db);
  }
  if (isPostgres(db)) {
    await sql`drop function if exists search_docs_sync_message()`.execute(db);
    await sql`drop function if exists search_docs_sync_title()`.execute(db);
  } else {
    await sql`drop table if exists message_fts`.execute(db);
    await sql`drop table if exists title_fts`.execute(db);
  }
  await db.schema.dropTable('search_docs').ifExists().execute();
  await db.schema.dropTable('shared_links').ifExists().execute();
  await db.schema.dropTable('conversation_tags').ifExists().execute();
  for (const name of ['conversations_expired_idx', 'conversations_list_updated_idx', 'conversations_list_created_idx', 'conversations_list_title_idx']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.createIndex('conversations_user_updated_idx').on('conversations').columns(['user_id', 'updated_at']).execute();
}
