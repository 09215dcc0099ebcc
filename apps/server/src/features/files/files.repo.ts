import type { FileContext, FileRecord, FileSource } from '@confab/shared';
import { FILE_CONTEXTS, FILE_SOURCES } from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database, FilesTable } from '../../db/schema.js';

export type FileRow = FilesTable;
/** A row as lists read it: without the (possibly large) extracted text. */
export type FileListRow = Omit<FileRow, 'text'>;

const LIST_COLUMNS = [
  'file_id',
  'user_id',
  'conversation_id',
  'message_id',
  'temp_file_id',
  'filename',
  'filepath',
  'type',
  'bytes',
  'width',
  'height',
  'source',
  'context',
  'storage_key',
  'thumbnail_key',
  'thumbnail_type',
  'embedded',
  'usage',
  'tool_resource',
  'expires_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof FileListRow)[];

const asSource = (value: string): FileSource =>
  (FILE_SOURCES as readonly string[]).includes(value) ? (value as FileSource) : 'local';
const asContext = (value: string | null): FileContext | undefined =>
  value !== null && (FILE_CONTEXTS as readonly string[]).includes(value) ? (value as FileContext) : undefined;

/** Whether a file with an end (a code run's, SPEC 3 File: expiresAt) is past it. */
export function isExpired(row: Pick<FileRow, 'expires_at'>, now = Date.now()): boolean {
  return Boolean(row.expires_at) && Date.parse(row.expires_at as string) <= now;
}

/** The API shape (LibreChat's TFile). The text is included only when asked for. */
export function toFileRecord(row: FileListRow & { text?: string | null }, options: { withText?: boolean } = {}): FileRecord {
  const context = asContext(row.context);
  return {
    user: row.user_id,
    file_id: row.file_id,
    ...(row.temp_file_id ? { temp_file_id: row.temp_file_id } : {}),
    ...(row.conversation_id ? { conversationId: row.conversation_id } : {}),
    ...(row.message_id ? { message: row.message_id } : {}),
    filename: row.filename,
    filepath: row.filepath,
    object: 'file',
    type: row.type,
    bytes: row.bytes,
    embedded: row.embedded === 1,
    usage: row.usage,
    source: asSource(row.source),
    ...(context ? { context } : {}),
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    ...(row.thumbnail_key ? { preview: `${row.filepath}?thumb=1` } : {}),
    ...(options.withText && row.text ? { text: row.text } : {}),
    ...(row.tool_resource ? { tool_resource: row.tool_resource } : {}),
    // A code run's file (issue 37) ends with its working folder; past that it shows as expired.
    ...(row.expires_at ? { expiresAt: row.expires_at, ...(isExpired(row) ? { status: 'expired' as const } : {}) } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertFile(db: Kysely<Database>, row: FileRow): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

/** The caller's files, newest first, without their text. */
export function listOwnedFiles(db: Kysely<Database>, userId: string): Promise<FileListRow[]> {
  return db
    .selectFrom('files')
    .select(LIST_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('file_id', 'desc')
    .execute();
}

/** One of the caller's files (with its text), or undefined when it is absent or someone else's. */
export function findOwnedFile(db: Kysely<Database>, userId: string, fileId: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('user_id', '=', userId).where('file_id', '=', fileId).executeTakeFirst();
}

/**
 * The caller's files among `fileIds` (with their text), in no particular order. Ids that are
 * unknown or someone else's are simply absent: callers cannot tell the two apart.
 */
export async function findOwnedFiles(db: Kysely<Database>, userId: string, fileIds: readonly string[]): Promise<FileRow[]> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  return db.selectFrom('files').selectAll().where('user_id', '=', userId).where('file_id', 'in', ids).execute();
}

/** Deletes the caller's rows among `fileIds` and answers them (their storage keys are the caller's to remove). */
export async function deleteOwnedFiles(
  db: Kysely<Database>,
  userId: string,
  fileIds: readonly string[],
): Promise<Pick<FileRow, 'file_id' | 'storage_key' | 'thumbnail_key'>[]> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  return db
    .deleteFrom('files')
    .where('user_id', '=', userId)
    .where('file_id', 'in', ids)
    .returning(['file_id', 'storage_key', 'thumbnail_key'])
    .execute();
}

/** Every storage key a user's files hold (for removing their bytes when the user is deleted). */
export async function listStorageKeysOfUser(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('files').select(['storage_key', 'thumbnail_key']).where('user_id', '=', userId).execute();
  return rows.flatMap((r) => (r.thumbnail_key ? [r.storage_key, r.thumbnail_key] : [r.storage_key]));
}
