import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { SEARCH_TEXT_CHARS } from './003-conversation-management.js';

/**
 * A reply is indexed for search when it is finished, not each time its growing text is saved
 * (once a second while it streams): the final text replaces every partial one anyway, and
 * re-indexing each partial text was the largest share of the database's work during a chat.
 * A message edited after it finished is re-indexed as before.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists messages_search_update on messages`.execute(db);
    await sql`create trigger messages_search_update after update of text, unfinished on messages for each row
      when (new.unfinished = 0 and (old.text is distinct from new.text or old.unfinished <> 0))
      execute function search_docs_sync_message()`.execute(db);
    return;
  }
  const limit = sql.lit(SEARCH_TEXT_CHARS);
  await sql`drop trigger if exists messages_search_update`.execute(db);
  await sql`create trigger messages_search_update after update of text, unfinished on messages
    when new.unfinished = 0 and (old.text is not new.text or old.unfinished <> 0) begin
    delete from message_fts where rowid = (select doc_id from search_docs where ref_id = new.message_id and kind = 0);
    insert into message_fts (rowid, body, conv)
      select doc_id, substr(new.text, 1, ${limit}), 'c' || replace(new.conversation_id, '-', '') from search_docs where ref_id = new.message_id and kind = 0;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const limit = sql.lit(SEARCH_TEXT_CHARS);
  if (isPostgres(db)) {
    await sql`drop trigger if exists messages_search_update on messages`.execute(db);
    await sql`create trigger messages_search_update after update of text on messages for each row when (old.text is distinct from new.text) execute function search_docs_sync_message()`.execute(
      db,
    );
    return;
  }
  await sql`drop trigger if exists messages_search_update`.execute(db);
  await sql`create trigger messages_search_update after update of text on messages when old.text is not new.text begin
    delete from message_fts where rowid = (select doc_id from search_docs where ref_id = new.message_id and kind = 0);
    insert into message_fts (rowid, body, conv)
      select doc_id, substr(new.text, 1, ${limit}), 'c' || replace(new.conversation_id, '-', '') from search_docs where ref_id = new.message_id and kind = 0;
  end`.execute(db);
}
