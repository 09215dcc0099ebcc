import type { Kysely } from 'kysely';

/**
 * Agents (issue 20): one row per agent, owned by its author. JSON columns hold LibreChat's
 * shapes as text (tools, tool_resources, actions, avatar, conversation_starters, project_ids,
 * model_parameters). Sharing with everyone puts the instance project id in `project_ids`.
 *
 * Tool credentials: a table of their own rather than `user_keys` rows under a name prefix, so a
 * user revoking every provider key (`DELETE /api/keys?all=true`) never takes a tool's sign-in with
 * it, and a key name can never collide with a tool's plugin key. `value` is the AES-256-GCM
 * ciphertext (platform/crypto.ts) of a JSON object of the tool's auth fields.
 *
 * Tool calls: the results of tools a user ran by hand (`POST /api/agents/tools/:toolId/call`, the
 * "run code" button), read back per conversation (`GET /api/agents/tools/calls`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('instructions', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('model_parameters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('tools', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tool_resources', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('avatar', 'text')
    .addColumn('conversation_starters', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('artifacts', 'text')
    .addColumn('recursion_limit', 'integer')
    .addColumn('is_collaborative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('project_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    // 1 when project_ids holds the instance project: lists filter on it without parsing JSON.
    .addColumn('is_global', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agents_author_updated_idx').on('agents').columns(['author', 'updated_at']).execute();
  await db.schema.createIndex('agents_global_updated_idx').on('agents').columns(['is_global', 'updated_at']).execute();

  await db.schema
    .createTable('tool_credentials')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool_key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tool_credentials_pk', ['user_id', 'tool_key'])
    .execute();

  await db.schema
    .createTable('tool_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('tool_id', 'text', (c) => c.notNull())
    .addColumn('part_index', 'integer')
    .addColumn('block_index', 'integer')
    .addColumn('result', 'text')
    .addColumn('attachments', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tool_calls_user_conversation_idx').on('tool_calls').columns(['user_id', 'conversation_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tool_calls').execute();
  await db.schema.dropTable('tool_credentials').execute();
  await db.schema.dropTable('agents').execute();
}
