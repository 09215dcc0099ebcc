import type { Kysely } from 'kysely';

/**
 * Memory (issue 41): short key/value facts about a user, and the user's switch to turn memory off.
 * The switch lives in its own table, keyed by the user, so the users table stays as it is and a
 * user without a row has memory on (LibreChat's default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('memories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('token_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('memories_user_key_unique', ['user_id', 'key'])
    .execute();
  await db.schema
    .createTable('memory_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('memories', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('memory_preferences').execute();
  await db.schema.dropTable('memories').execute();
}
