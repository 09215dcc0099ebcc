import type { Readable } from 'node:stream';
import { isImageType, type FileRecord } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import { StorageNotFoundError, type StorageAdapter } from '../../platform/storage/storage.js';
import { avatarKeyOfUrl } from './avatar.service.js';
import {
  deleteOwnedFiles,
  findOwnedFile,
  isExpired,
  listOwnedFiles,
  listStorageKeysOfUser,
  toFileRecord,
  type FileRow,
} from './files.repo.js';

const notFound = () => new AppError('not_found', 'File not found');

export interface OpenedFile {
  row: FileRow;
  body: Readable;
  /** The stored type of what is served (the thumbnail's, when it was asked for). */
  type: string;
  bytes: number | undefined;
}

export interface OpenOptions {
  thumbnail?: boolean;
  imagesOnly?: boolean;
}

/**
 * The caller's stored files: list, read, delete. Every call is scoped to the acting user, except
 * `openVisible`, whose caller decides who else may see a file (a shared link).
 */
export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly storage: StorageAdapter,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(userId: string): Promise<FileRecord[]> {
    return (await listOwnedFiles(this.db.kysely, userId)).map((row) => toFileRecord(row));
  }

  /**
   * Deletes the caller's files among `fileIds`: rows first (a row whose bytes are gone would
   * be a broken file), then their bytes. Ids that are unknown or someone else's are passed
   * over in silence, the same for both: LibreChat answers 403 with the ids of others' files,
   * which tells a caller that those ids exist; here they are simply not found.
   */
  async delete(userId: string, fileIds: string[]): Promise<number> {
    const deleted = await deleteOwnedFiles(this.db.kysely, userId, fileIds);
    const keys = deleted.flatMap((row) =>
      row.thumbnail_key ? [row.storage_key, row.thumbnail_key] : [row.storage_key],
    );
    await this.removeKeys(keys);
    return deleted.length;
  }

  /**
   * One of the caller's files to send. `ownerId` is the user id of the URL: it must be the
   * caller's own, and the file must be theirs, or it does not exist (404, never 403).
   */
  async open(userId: string, ownerId: string, fileId: string, options: OpenOptions = {}): Promise<OpenedFile> {
    if (ownerId !== userId) throw notFound();
    return this.openRow(await findOwnedFile(this.db.kysely, userId, fileId), options);
  }

  /**
   * A file of `ownerId` opened for someone else: only when `isVisible` says the row may be seen
   * (a shared link showing it); otherwise it does not exist, the same 404 as a missing file.
   */
  async openVisible(
    ownerId: string,
    fileId: string,
    isVisible: (row: FileRow) => Promise<boolean>,
    options: OpenOptions = {},
  ): Promise<OpenedFile> {
    const row = await findOwnedFile(this.db.kysely, ownerId, fileId);
    return this.openRow(row && (await isVisible(row)) ? row : undefined, options);
  }

  private async openRow(row: FileRow | undefined, options: OpenOptions): Promise<OpenedFile> {
    if (!row || (options.imagesOnly && !isImageType(row.type))) throw notFound();
    // A code run's file past its end: its row stays (shown as expired), its bytes are not served.
    if (isExpired(row)) throw new AppError('file_expired', 'This file has expired');
    const useThumbnail = Boolean(options.thumbnail && row.thumbnail_key);
    const key = useThumbnail && row.thumbnail_key ? row.thumbnail_key : row.storage_key;
    try {
      const body = await this.storage.get(key);
      return {
        row,
        body,
        type: useThumbnail && row.thumbnail_type ? row.thumbnail_type : row.type,
        bytes: useThumbnail ? undefined : row.bytes,
      };
    } catch (err) {
      if (err instanceof StorageNotFoundError) {
        this.log.warn({ fileId: row.file_id, key }, 'a file row without its stored bytes');
        throw notFound();
      }
      throw err;
    }
  }

  /**
   * Removes the stored bytes of every file and the avatar of a user who is being deleted. Call
   * it before the user's row goes: the rows cascade with it, the bytes cannot.
   */
  async removeAllOfUser(userId: string): Promise<void> {
    const keys = await listStorageKeysOfUser(this.db.kysely, userId);
    const user = await this.db.kysely.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst();
    const avatarKey = user?.avatar ? avatarKeyOfUrl(userId, user.avatar) : undefined;
    await this.removeKeys(avatarKey ? [...keys, avatarKey] : keys);
  }

  private async removeKeys(keys: string[]): Promise<void> {
    // A failure leaves bytes nobody can reach (their row is gone): logged, never the caller's error.
    await Promise.all(
      keys.map((key) =>
        this.storage.delete(key).catch((err: unknown) => this.log.error({ err, key }, 'could not delete stored bytes')),
      ),
    );
  }
}
