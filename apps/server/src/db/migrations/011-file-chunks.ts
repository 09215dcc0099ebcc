import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * file_search (issue 20): a document's text cut into passages, each with its embedding.
 *
 * Why no vector extension: pgvector is not something a self-hosted PostgreSQL can be assumed to
 * have (it is absent on ours), and sqlite-vec would be a second, dialect-only search path. The
 * sets searched are small — the few files of one agent, one user's at a time — so one portable
 * design serves both dialects: the embedding is stored as little-endian float32 bytes (`blob` in
 * SQLite, `bytea` in PostgreSQL) and ranked by exact cosine in the server (vector-math.ts). Exact
 * ranking over a few thousand passages costs about a millisecond and never misses a passage an
 * approximate index would.
 *
 * Rows belong to a file and go with it (and with its user); `model` says which embedding model
 * made the vector, so a change of EMBEDDINGS_MODEL re-indexes a file the next time it is searched.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_chunks')
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 1-based page of a paged document (PDF), null when the text has no pages.
    .addColumn('page', 'integer')
    // Character offsets of the passage in files.text.
    .addColumn('start_offset', 'integer', (c) => c.notNull())
    .addColumn('end_offset', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('embedding', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'chunk_index'])
    .execute();
  await db.schema.createIndex('file_chunks_user_file_idx').on('file_chunks').columns(['user_id', 'file_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_chunks').execute();
}
