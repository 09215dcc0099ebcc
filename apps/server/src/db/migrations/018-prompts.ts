import type { Kysely } from 'kysely';

/**
 * Saved prompts (issue 36): a prompt group (name, category, one-liner, slash command) holds
 * versioned prompts, one of them production. Sharing with everyone puts the instance project id
 * in `project_ids` (LibreChat v0.7's design) and sets `is_global`, which lists filter on.
 *
 * A slash command is unique per author: a unique index on (author, command). Both dialects let
 * any number of rows hold a NULL command, which is how "no command" is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompt_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('oneliner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('command', 'text')
    .addColumn('production_id', 'text')
    .addColumn('number_of_generations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('project_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_global', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_collaborative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prompt_groups_author_created_idx').on('prompt_groups').columns(['author', 'created_at']).execute();
  await db.schema.createIndex('prompt_groups_global_created_idx').on('prompt_groups').columns(['is_global', 'created_at']).execute();
  await db.schema.createIndex('prompt_groups_author_command_uq').on('prompt_groups').columns(['author', 'command']).unique().execute();

  await db.schema
    .createTable('prompts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('prompt_groups.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prompts_group_created_idx').on('prompts').columns(['group_id', 'created_at']).execute();
  await db.schema.createIndex('prompts_author_idx').on('prompts').column('author').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prompts').execute();
  await db.schema.dropTable('prompt_groups').execute();
}
