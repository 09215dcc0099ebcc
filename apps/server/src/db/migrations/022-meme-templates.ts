import { sql, type Kysely } from 'kysely';

/**
 * Meme templates of people's own pictures (issue 39): an administrator's for everyone ('global')
 * or a user's own ('personal'). The picture is one of the owner's stored image files: the row
 * goes with the file (deleting it from My files removes the template, which would have no picture
 * left) and with its owner. Boxes and keywords are JSON text, as elsewhere in both dialects.
 *
 * Ids are `u-` and 22 random lower-case letters and digits: never one of the builtin gallery's ids
 * (which carry no `u-` prefix), and unguessable, because the picture route serves them without a
 * bearer token (the browser's canvas loads it as a plain image).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meme_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('global', 'personal')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('boxes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('layout', 'text')
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('meme_templates_user_idx')
    .on('meme_templates')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('meme_templates_scope_idx')
    .on('meme_templates')
    .columns(['scope', 'created_at'])
    .execute();
  await db.schema.createIndex('meme_templates_file_idx').on('meme_templates').column('file_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meme_templates').execute();
}
