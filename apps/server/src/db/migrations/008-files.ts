import type { Kysely } from 'kysely';

/**
 * Files (issue 19): one row per stored upload, owned by a user (rows go with the user; the
 * bytes are removed by the user deletion itself, since a cascade cannot reach storage).
 * Bytes live in the storage adapter under `storage_key` (`{userId}/{file_id}`), an image's
 * small rendition under `thumbnail_key`; the original name is only data (`filename`).
 * `text` holds a document's extracted text for the model's context; list calls leave it out.
 *
 * `messages.files` is the JSON array of the files a message carries (shared messageFileSchema).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('file_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('temp_file_id', 'text')
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('filepath', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // Bytes fit a 32-bit integer up to 2 GiB; the server's own size limit defaults to 512 MB.
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text')
    .addColumn('thumbnail_type', 'text')
    .addColumn('text', 'text')
    .addColumn('embedded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tool_resource', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_user_idx').on('files').column('user_id').execute();
  await db.schema.createIndex('files_user_created_idx').on('files').columns(['user_id', 'created_at']).execute();

  await db.schema.alterTable('messages').addColumn('files', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('files').execute();
  await db.schema.dropTable('files').execute();
}
