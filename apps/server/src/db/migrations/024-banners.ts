import type { Kysely } from 'kysely';

/**
 * Banners (SPEC 3, issue 40), LibreChat's fields: a markdown message shown from `display_from`
 * until `display_to` (open-ended when null), on the sign-in pages too when `is_public`, and
 * dismissible unless `persistable`. `updated_at` is part of what a user dismisses: an edited
 * banner shows again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('display_from', 'text', (c) => c.notNull())
    .addColumn('display_to', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('persistable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('banners_display_idx').on('banners').columns(['display_from', 'display_to']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('banners').execute();
}
