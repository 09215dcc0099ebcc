import type { Kysely } from 'kysely';

/**
 * The administrators' audit list (issue 40): who did what to whom, and when. Rows outlive their
 * actor and their target (a deleted user's rows stay, with the email and label they had), so
 * neither is a foreign key; `actor_id` is null for the command line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('target_label', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_created_idx').on('admin_audit').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('admin_audit_target_idx').on('admin_audit').columns(['target_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit').execute();
}
