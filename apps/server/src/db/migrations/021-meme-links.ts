import type { Kysely } from 'kysely';

/**
 * Public links to one meme (issue 39): a link names one file of its owner (a meme image or
 * video), never its conversation. `id` is the unguessable token in the URL; `alt_text` is the
 * meme's alt text as it was when shared (the page and its og:description show it without reading
 * the conversation). Links go with their file and with their owner; one link per file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meme_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
    .addColumn('alt_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meme_links_file_idx').on('meme_links').column('file_id').unique().execute();
  await db.schema.createIndex('meme_links_user_idx').on('meme_links').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meme_links').execute();
}
