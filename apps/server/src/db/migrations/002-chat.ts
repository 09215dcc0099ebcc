import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('conversation_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text')
    .addColumn('endpoint_type', 'text')
    .addColumn('model', 'text')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expired_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversations_user_updated_idx').on('conversations').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.conversation_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('parent_message_id', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text')
    .addColumn('is_created_by_user', 'integer', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('error', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unfinished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_reason', 'text')
    .addColumn('token_count', 'integer')
    .addColumn('usage', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_conversation_idx').on('messages').columns(['conversation_id', 'created_at']).execute();
  await db.schema.createIndex('messages_user_idx').on('messages').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}
