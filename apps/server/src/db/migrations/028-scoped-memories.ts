import { sql, type Kysely } from 'kysely';

/**
 * Per-agent memory (issue 41): a memory belongs to the user's general memory (`agent_id` '') or
 * to one agent configured for memory, and a key is unique within its scope. SQLite cannot drop a
 * table constraint, so the table is rebuilt on both dialects (one path, the same end state): the
 * new table is filled from the old one, which is then dropped, and takes its name. Agents get
 * their switch (`memory_enabled`, off).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('memories_scoped')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('agent_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('token_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('memories_user_agent_key_unique', ['user_id', 'agent_id', 'key'])
    .execute();
  await sql`insert into memories_scoped (id, user_id, agent_id, key, value, token_count, created_at, updated_at)
    select id, user_id, '', key, value, token_count, created_at, updated_at from memories`.execute(db);
  await db.schema.dropTable('memories').execute();
  await db.schema.alterTable('memories_scoped').renameTo('memories').execute();
  await db.schema
    .alterTable('agents')
    .addColumn('memory_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agents').dropColumn('memory_enabled').execute();
  await db.schema
    .createTable('memories_general')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('token_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('memories_user_key_unique', ['user_id', 'key'])
    .execute();
  await sql`insert into memories_general (id, user_id, key, value, token_count, created_at, updated_at)
    select id, user_id, key, value, token_count, created_at, updated_at from memories where agent_id = ''`.execute(db);
  await db.schema.dropTable('memories').execute();
  await db.schema.alterTable('memories_general').renameTo('memories').execute();
}
