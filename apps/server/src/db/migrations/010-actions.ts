import type { Kysely } from 'kysely';

/**
 * OpenAPI actions (issue 20): one row per action, attached to an agent and authored by the
 * agent's author. `metadata` is JSON of LibreChat's ActionMetadata (domain, raw_spec, auth,
 * privacy_policy_url) with `api_key` and `oauth_client_secret` (and `oauth_client_id`) as
 * AES-256-GCM ciphertexts (platform/crypto.ts); they never leave the server. A user's OAuth
 * tokens for an action are tool credentials (`tool_credentials`, key `action_oauth_{action_id}`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('actions')
    .addColumn('action_id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('actions_agent_idx').on('actions').column('agent_id').execute();
  await db.schema.createIndex('actions_user_idx').on('actions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('actions').execute();
}
