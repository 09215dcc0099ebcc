import type { Kysely } from 'kysely';

/**
 * Endpoints the administrator adds in the setup screen or the Admin area (issue 25). The key is
 * encrypted (AES-256-GCM with CREDS_KEY, as users' own keys are); `key_last4` is the only part a
 * browser ever sees. `settings` holds the family's own fields (Azure instance, Bedrock region,
 * title generation) as JSON. `name` is unique: it is the endpoint's name in chats.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('managed_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text')
    .addColumn('api_key_encrypted', 'text')
    .addColumn('key_last4', 'text')
    .addColumn('models', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('fetch_models', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('managed_endpoints').execute();
}
