import type { FileRecord, FileSource } from '@confab/shared';
import type { Db } from '../../db/database.js';
import { newId, nowIso } from '../../platform/ids.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import { downloadPath, imagePath, storageKeyOf, thumbnailKeyOf } from './file-paths.js';
import { insertFile, toFileRecord, type FileRow } from './files.repo.js';
import { putBuffer } from './store-upload.js';

/** What a tool made (a rendered meme, a video, a generated picture), to keep as one of the user's files. */
export interface GeneratedFile {
  userId: string;
  data: Buffer;
  /** The server's own type of the bytes (it made them). */
  type: string;
  filename: string;
  width?: number | undefined;
  height?: number | undefined;
  /** A smaller picture for lists, when the file is an image or a video poster. */
  thumbnail?: { data: Buffer; type: string } | undefined;
  conversationId?: string | undefined;
  messageId?: string | undefined;
  context?: FileRow['context'];
  /** What made it, when not an upload to the store (LibreChat's `execute_code` for a code run's file). */
  source?: FileSource | undefined;
  /** When it ends (ISO): a code run's file lives as long as its working folder. */
  expiresAt?: string | undefined;
}

/**
 * Stores bytes a tool made as one of the user's files: in their My files, owner-checked on every
 * read, removed with them. Images are served at `/images/...`, anything else at the download
 * path. The row is written after the bytes, so a failure leaves no row without bytes; the bytes
 * of a failed insert are removed.
 */
export async function storeGeneratedFile(
  db: Db,
  storage: StorageAdapter,
  file: GeneratedFile,
): Promise<{ row: FileRow; record: FileRecord }> {
  const fileId = newId();
  const storageKey = storageKeyOf(file.userId, fileId);
  const thumbnailKey = file.thumbnail ? thumbnailKeyOf(file.userId, fileId) : null;
  const stored: string[] = [];
  try {
    await putBuffer(storage, storageKey, file.data, file.type, (key) => stored.push(key));
    if (file.thumbnail && thumbnailKey)
      await putBuffer(storage, thumbnailKey, file.thumbnail.data, file.thumbnail.type, (key) => stored.push(key));
    const now = nowIso();
    const row: FileRow = {
      file_id: fileId,
      user_id: file.userId,
      conversation_id: file.conversationId ?? null,
      message_id: file.messageId ?? null,
      temp_file_id: null,
      filename: file.filename,
      filepath: file.type.startsWith('image/') ? imagePath(file.userId, fileId) : downloadPath(file.userId, fileId),
      type: file.type,
      bytes: file.data.length,
      width: file.width ?? null,
      height: file.height ?? null,
      source: file.source ?? storage.source,
      context: file.context ?? 'message_attachment',
      storage_key: storageKey,
      thumbnail_key: thumbnailKey,
      thumbnail_type: file.thumbnail?.type ?? null,
      text: null,
      embedded: 0,
      usage: 0,
      tool_resource: null,
      ...(file.expiresAt ? { expires_at: file.expiresAt } : {}),
      created_at: now,
      updated_at: now,
    };
    await insertFile(db.kysely, row);
    return { row, record: toFileRecord(row) };
  } catch (err) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
}
