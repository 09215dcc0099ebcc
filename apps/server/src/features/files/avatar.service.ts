import type { Readable } from 'node:stream';
import { FILE_ERROR_MESSAGES, isProcessableImage, isSafeInlineImage, mbToBytes, type MergedFileConfig } from '@confab/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import { newId, nowIso } from '../../platform/ids.js';
import { StorageNotFoundError, type StorageAdapter } from '../../platform/storage/storage.js';
import { detectFileType, SNIFF_BYTES } from './detect-file-type.js';
import { cleanFileName } from './file-names.js';
import { avatarKeyOf, avatarPath } from './file-paths.js';
import { processImage } from './images/process-image.js';
import { putBuffer, streamToFile } from './store-upload.js';
import { TempFiles } from './temp-files.js';
import { fileTooLarge, invalidFile, toUploadError } from './upload-errors.js';
import { ByteLimit, sniffStream } from './upload-streams.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The storage key behind one of our avatar URLs for this user (an OAuth picture's URL has none). */
export function avatarKeyOfUrl(userId: string, url: string): string | undefined {
  const prefix = avatarPath(userId, '');
  if (!url.startsWith(prefix)) return undefined;
  const name = url.slice(prefix.length).split('?')[0] ?? '';
  return UUID.test(name) ? avatarKeyOf(userId, name) : undefined;
}

const notFound = () => new AppError('not_found', 'Avatar not found');

/**
 * Profile pictures (POST /api/files/images/avatar, LibreChat's `{url}` answer). The picture is
 * re-encoded like any uploaded image (metadata stripped, at most 512 px) and stored under a new
 * generated name; the previous one is deleted.
 *
 * Avatars are served without a bearer token (GET /api/files/avatar/:userId/:name): an `<img>`
 * cannot send one, and LibreChat serves them publicly too. What keeps them private is their
 * name, a random UUID nobody can guess, that only the user (and whoever they show a page with
 * it) learns; what is served is always a re-encoded raster image, never the bytes uploaded.
 */
export class AvatarService {
  constructor(
    private readonly opts: { db: Db; storage: StorageAdapter; fileConfig: MergedFileConfig; tempDir: string; log: FastifyBaseLogger },
  ) {}

  /**
   * `replace` sets the new picture where it belongs and answers the one it replaced: the user's
   * own avatar by default; an agent's (the agents feature) when given. The picture is stored under
   * the uploading user's id either way.
   */
  async upload(
    request: FastifyRequest,
    userId: string,
    replace: (url: string) => Promise<string | null> = (url) => this.replaceAvatar(userId, url),
  ): Promise<{ url: string }> {
    if (!request.isMultipart()) throw invalidFile('Send the picture as multipart/form-data in the field "file".');
    const limitMb = this.opts.fileConfig.avatarSizeLimit;
    const temp = new TempFiles(this.opts.tempDir);
    const written: string[] = [];
    try {
      let spool: string | undefined;
      // `manual` (LibreChat: set by the user rather than a sign-in provider) changes nothing here: the picture is the user's.
      for await (const part of request.parts({ limits: { fileSize: mbToBytes(limitMb) + 1, files: 1, fields: 10, fieldSize: 1024 } })) {
        if (part.type === 'field') continue;
        if (part.fieldname !== 'file' || spool) {
          part.file.resume();
          continue;
        }
        const sniffed = await sniffStream(part.file, SNIFF_BYTES);
        const type = await detectFileType(cleanFileName(part.filename), part.mimetype, sniffed.head);
        if (!type || !isProcessableImage(type)) {
          await sniffed.discard();
          throw invalidFile(FILE_ERROR_MESSAGES.unsupportedType(type ?? 'unknown'));
        }
        spool = await temp.newPath();
        const limit = new ByteLimit((bytes) => (bytes > mbToBytes(limitMb) ? fileTooLarge(FILE_ERROR_MESSAGES.avatarSize(limitMb)) : undefined));
        const size = await streamToFile(sniffed.body, limit, spool);
        if (part.file.truncated) throw fileTooLarge(FILE_ERROR_MESSAGES.avatarSize(limitMb));
        if (size === 0) throw invalidFile(FILE_ERROR_MESSAGES.empty);
      }
      if (!spool) throw invalidFile(FILE_ERROR_MESSAGES.empty);

      let processed;
      try {
        processed = await processImage(spool, { outputType: this.opts.fileConfig.imageOutputType, detail: 'low' });
      } catch (err) {
        this.opts.log.warn({ err }, 'avatar processing failed');
        throw invalidFile(FILE_ERROR_MESSAGES.processing);
      }
      const name = newId();
      await putBuffer(this.opts.storage, avatarKeyOf(userId, name), processed.data, processed.type, (key) => written.push(key));
      const url = avatarPath(userId, name);
      const previous = await replace(url);
      const previousKey = previous ? avatarKeyOfUrl(userId, previous) : undefined;
      if (previousKey) {
        await this.opts.storage.delete(previousKey).catch((err: unknown) => this.opts.log.error({ err }, 'could not delete the previous avatar'));
      }
      return { url };
    } catch (err) {
      await Promise.all(written.map((key) => this.opts.storage.delete(key).catch(() => undefined)));
      throw toUploadError(err, { fileSizeMb: limitMb, fileLimit: 1 });
    } finally {
      await temp.removeAll();
    }
  }

  /** Sets the user's avatar and answers the one it replaced. */
  private async replaceAvatar(userId: string, url: string): Promise<string | null> {
    return this.opts.db.kysely.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst();
      await trx.updateTable('users').set({ avatar: url, updated_at: nowIso() }).where('id', '=', userId).execute();
      return user?.avatar ?? null;
    });
  }

  /** An avatar's bytes and type, by its public name. */
  async open(userId: string, name: string): Promise<{ body: Readable; type: string }> {
    if (!UUID.test(name) || !UUID.test(userId)) throw notFound();
    let body: Readable;
    try {
      body = await this.opts.storage.get(avatarKeyOf(userId, name));
    } catch (err) {
      if (err instanceof StorageNotFoundError) throw notFound();
      throw err;
    }
    // Stored avatars are always processed images; their type is read from their bytes, so it
    // stays right if the configured output type changes later.
    const sniffed = await sniffStream(body, SNIFF_BYTES);
    const type = await detectFileType('', undefined, sniffed.head);
    if (!type || !isSafeInlineImage(type)) {
      await sniffed.discard();
      throw notFound();
    }
    return { body: sniffed.body, type };
  }
}
