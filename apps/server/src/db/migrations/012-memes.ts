import { sql, type Kysely } from 'kysely';

/**
 * Memes (issue 21): reactions on a reply's meme slots, and the product's analytics events.
 *
 * `meme_reactions`: one row per user and meme slot (a message's tool call), holding 'like' or
 * 'dislike'; toggling deletes the row. Rows go with their user and with their message (and so
 * with the conversation, whose messages cascade). `conversation_id` is kept on the row so a
 * conversation's reactions (the chat view, a shared link) are one indexed read, without a join;
 * the message index counts one slot's reactions.
 *
 * `analytics_events`: what the web app reports (SPEC 7). An event outlives its user's account
 * (the user id is set null) so counts over time stay true; `properties` is a small JSON object.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meme_reactions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.message_id').onDelete('cascade'))
    .addColumn('tool_call_id', 'text', (c) => c.notNull())
    .addColumn('reaction', 'text', (c) => c.notNull().check(sql`reaction in ('like', 'dislike')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('meme_reactions_pk', ['user_id', 'message_id', 'tool_call_id'])
    .execute();
  await db.schema.createIndex('meme_reactions_message_idx').on('meme_reactions').column('message_id').execute();
  await db.schema
    .createIndex('meme_reactions_conversation_idx')
    .on('meme_reactions')
    .column('conversation_id')
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_event_created_idx')
    .on('analytics_events')
    .columns(['event', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
  await db.schema.dropTable('meme_reactions').execute();
}
