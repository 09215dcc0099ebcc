import { readCapped } from '../../platform/read-capped.js';
import { isSafeInlineImage, isVideoType, type MessageFile } from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { StorageNotFoundError, type StorageAdapter } from '../../platform/storage/storage.js';
import type { AttachedImage, TurnFiles } from '../chat/file-context.js';
import { filesOf, type MessageRow } from '../messages/messages.repo.js';
import { findOwnedFiles, toFileRecord, type FileRow } from './files.repo.js';
import { IMAGE_LIMITS } from './images/image-limits.js';
import { loadSharp } from './images/load-sharp.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Largest stored image sent to a model (vendors refuse larger ones; processed uploads are far smaller). */
const MAX_IMAGE_BYTES_FOR_MODEL = 20 * 1024 * 1024;

/** What a message records of a stored file: taken from our row, never from the client's word. */
function toMessageFile(row: FileRow): MessageFile {
  const record = toFileRecord(row);
  return {
    file_id: record.file_id,
    filepath: record.filepath,
    filename: record.filename,
    type: record.type,
    bytes: record.bytes,
    ...(record.width !== undefined ? { width: record.width } : {}),
    ...(record.height !== undefined ? { height: record.height } : {}),
    ...(record.preview ? { preview: record.preview } : {}),
  };
}

/**
 * The files a chat request attaches, read from the caller's own rows in the order given. An id
 * that is unknown or someone else's refuses the whole request (404, the two alike), before
 * anything is stored.
 */
export async function resolveMessageFiles(
  db: Executor,
  userId: string,
  requested: readonly MessageFile[] | null | undefined,
): Promise<MessageFile[]> {
  if (!requested?.length) return [];
  const ids = [...new Set(requested.map((f) => f.file_id))];
  const rows = new Map((await findOwnedFiles(db, userId, ids)).map((row) => [row.file_id, row]));
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row) throw new AppError('not_found', 'File not found');
    return toMessageFile(row);
  });
}

/** A stored object's bytes, or undefined when absent or larger than `limit`. */
async function readStored(storage: StorageAdapter, key: string, limit: number): Promise<Buffer | undefined> {
  try {
    return await readCapped(await storage.get(key), limit);
  } catch (err) {
    if (err instanceof StorageNotFoundError) return undefined;
    throw err;
  }
}

/**
 * A GIF as the model sees it: its first frame as a PNG. Vendors take still pictures (OpenAI
 * refuses an animated GIF), and an uploaded animated GIF is kept animated for the meme tools.
 */
async function firstFrame(gif: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(gif, { limitInputPixels: IMAGE_LIMITS.maxInputPixels }).png().toBuffer();
}

async function toImage(storage: StorageAdapter, row: FileRow): Promise<AttachedImage | undefined> {
  const stored = await readStored(storage, row.storage_key, MAX_IMAGE_BYTES_FOR_MODEL);
  const isGif = row.type === 'image/gif';
  const bytes = stored && isGif ? await firstFrame(stored).catch(() => undefined) : stored;
  return (
    bytes && {
      data: bytes.toString('base64'),
      mediaType: isGif ? 'image/png' : row.type,
      width: row.width,
      height: row.height,
      fileId: row.file_id,
      filename: row.filename,
    }
  );
}

/**
 * The files of the user messages on a branch, loaded for the model: images with their bytes,
 * documents with their extracted text, videos by name and id only. With `resendFiles` false only the newest user message's
 * files are sent (SPEC 3 resendFiles; default true). Files deleted since, or no longer the
 * caller's, are left out; SVG images are never sent (no vendor takes them).
 */
export async function loadAttachedFiles(
  db: Executor,
  storage: StorageAdapter | undefined,
  userId: string,
  path: readonly MessageRow[],
  resendFiles: boolean,
): Promise<Map<string, TurnFiles>> {
  let carriers = path.filter((m) => m.is_created_by_user === 1 && m.files);
  if (!resendFiles) carriers = carriers.slice(-1);
  const wanted = carriers.map((m) => ({ messageId: m.message_id, ids: (filesOf(m) ?? []).map((f) => f.file_id) }));
  const rows = new Map(
    (
      await findOwnedFiles(
        db,
        userId,
        wanted.flatMap((w) => w.ids),
      )
    ).map((row) => [row.file_id, row]),
  );
  const loaded = new Map<string, TurnFiles>();
  for (const { messageId, ids } of wanted) {
    const files: TurnFiles = { images: [], documents: [], clips: [] };
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      if (row.type.startsWith('image/')) {
        const image = storage && isSafeInlineImage(row.type) ? await toImage(storage, row) : undefined;
        if (image) files.images.push(image);
      } else if (isVideoType(row.type)) {
        files.clips?.push({ fileId: row.file_id, filename: row.filename });
      } else {
        files.documents.push({ filename: row.filename, type: row.type, text: row.text });
      }
    }
    loaded.set(messageId, files);
  }
  return loaded;
}
