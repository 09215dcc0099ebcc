import type { Kysely } from 'kysely';
import type { Database, FileChunksTable } from '../../db/schema.js';

export type FileChunkRow = FileChunksTable;

/** Rows per insert: 11 parameters a row stays far below PostgreSQL's 65,535 and SQLite's 32,766. */
const INSERT_BATCH = 500;

/** A file of one owner as file_search needs it: its name and whether its passages are stored. */
export interface SearchableFile {
  file_id: string;
  filename: string;
  filepath: string;
  type: string;
  bytes: number;
  embedded: number;
}

/** The owner's files among `fileIds` (unknown and others' ids are simply absent), without their text. */
export async function findSearchableFiles(
  db: Kysely<Database>,
  ownerId: string,
  fileIds: readonly string[],
): Promise<SearchableFile[]> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['file_id', 'filename', 'filepath', 'type', 'bytes', 'embedded'])
    .where('user_id', '=', ownerId)
    .where('file_id', 'in', ids)
    .execute();
}

/** Which embedding model made each file's stored passages (files without passages are absent). */
export async function findChunkModels(
  db: Kysely<Database>,
  ownerId: string,
  fileIds: readonly string[],
): Promise<Map<string, string>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('file_chunks')
    .select(['file_id', 'model'])
    .distinct()
    .where('user_id', '=', ownerId)
    .where('file_id', 'in', [...fileIds])
    .execute();
  return new Map(rows.map((row) => [row.file_id, row.model]));
}

/** Every stored passage of the owner's files among `fileIds`, with its vector. */
export function listChunks(db: Kysely<Database>, ownerId: string, fileIds: readonly string[]): Promise<FileChunkRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('file_chunks')
    .selectAll()
    .where('user_id', '=', ownerId)
    .where('file_id', 'in', [...fileIds])
    .orderBy('file_id')
    .orderBy('chunk_index')
    .execute();
}

/**
 * Replaces a file's passages and marks it embedded (LibreChat's `embedded` flag), in one
 * transaction: a search sees the old passages or the new ones, never half of each.
 */
export async function replaceFileChunks(
  db: Kysely<Database>,
  ownerId: string,
  fileId: string,
  rows: FileChunkRow[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('file_chunks').where('user_id', '=', ownerId).where('file_id', '=', fileId).execute();
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await trx
        .insertInto('file_chunks')
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
    }
    await trx
      .updateTable('files')
      .set({ embedded: 1 })
      .where('user_id', '=', ownerId)
      .where('file_id', '=', fileId)
      .execute();
  });
}

/** How many passages a file has stored (tests and diagnostics). */
export async function countFileChunks(db: Kysely<Database>, fileId: string): Promise<number> {
  const row = await db
    .selectFrom('file_chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
