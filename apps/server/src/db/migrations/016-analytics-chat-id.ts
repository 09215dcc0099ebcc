import type { Kysely } from 'kysely';

/**
 * SPEC 7's beacon names the chat an event is about (`{type, chatId, metadata}`, issue 34). The
 * chat id gets a column of its own rather than a place in `properties`, so "which chats were
 * shared" is a plain read. It is an id, not a reference: a `chat_deleted` event outlives its chat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analytics_events').addColumn('chat_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analytics_events').dropColumn('chat_id').execute();
}
