import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  endpointFileConfig,
  FILE_ERROR_MESSAGES,
  inferFileType,
  isImageType,
  isProcessableImage,
  isSameFile,
  isSupportedType,
  isVideoType,
  mbToBytes,
  type MergedFileConfig,
  type ResolvedEndpointFileConfig,
} from '@confab/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { newId, nowIso } from '../../platform/ids.js';
import { parseInput } from '../../platform/parse.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import { detectFileType, isArchiveType, SNIFF_BYTES } from './detect-file-type.js';
import { extractText } from './extract/extract-text.js';
import { cleanFileName } from './file-names.js';
import type { FileRow } from './files.repo.js';
import { downloadPath, imagePath, storageKeyOf, thumbnailKeyOf } from './file-paths.js';
import { processImage } from './images/process-image.js';
import { putBuffer, streamToFile, streamToStorage } from './store-upload.js';
import { TempFiles } from './temp-files.js';
import { fileTooLarge, invalidFile, toUploadError } from './upload-errors.js';
import { ByteLimit, sniffStream } from './upload-streams.js';

/** The multipart fields of POST /api/files and /api/files/images that the server keeps or obeys. */
export const uploadFieldsSchema = z.object({
  /** The client's temporary id, answered back as temp_file_id. */
  file_id: z.string().max(100).optional(),
  endpoint: z.string().max(100).optional(),
  endpointType: z.string().max(100).optional(),
  message_file: z.string().max(10).optional(),
  tool_resource: z.string().max(100).optional(),
  imageDetail: z.enum(['low', 'auto', 'high']).optional(),
  conversationId: z.string().max(100).optional(),
});

/** Most multipart fields an upload may carry besides its files (LibreChat's client sends about ten). */
const MAX_FIELDS = 40;
const MAX_FIELD_BYTES = 16 * 1024;

interface ReceivedFile {
  fileId: string;
  filename: string;
  /** The type the upload was judged to be (what the checks saw). */
  detectedType: string;
  /** The type stored (a processed image's output type). */
  type: string;
  /** The bytes the client sent (what size limits and duplicates are judged by). */
  size: number;
  /** The bytes stored. */
  bytes: number;
  width: number | null;
  height: number | null;
  filepath: string;
  storageKey: string;
  thumbnailKey: string | null;
  thumbnailType: string | null;
  text: string | null;
}

/** One upload request as it is read: what arrived so far and what was written for it. */
interface UploadRun {
  userId: string;
  imagesOnly: boolean;
  fields: Record<string, string>;
  received: ReceivedFile[];
  /** Keys holding bytes of this request, removed if it is refused. */
  written: string[];
  temp: TempFiles;
}

export interface UploadServiceOptions {
  db: Db;
  storage: StorageAdapter;
  fileConfig: MergedFileConfig;
  tempDir: string;
  log: FastifyBaseLogger;
  /** Indexes documents uploaded for file_search (`tool_resource: file_search`); answers the ids indexed. */
  fileSearch?: { indexFiles(userId: string, fileIds: string[]): Promise<string[]> } | undefined;
}

/**
 * Reads a multipart upload as a stream and stores its files, enforcing SPEC 5 and the config's
 * limits while the bytes arrive: the count as each file part starts, the type from its first
 * bytes, its size and the running total byte by byte. A refusal, a failure or a body cut short
 * removes whatever this request had written and inserts no row.
 */
export class UploadService {
  constructor(private readonly opts: UploadServiceOptions) {}

  private limitsFor(fields: Record<string, string>): ResolvedEndpointFileConfig {
    return endpointFileConfig(this.opts.fileConfig, fields.endpoint, fields.endpointType);
  }

  /** The per-file limit in MB: the endpoint's, capped by the server's. */
  private fileSizeMb(limits: ResolvedEndpointFileConfig): number {
    return Math.min(limits.fileSizeLimit, this.opts.fileConfig.serverFileSizeLimit);
  }

  async receive(request: FastifyRequest, userId: string, options: { imagesOnly: boolean }): Promise<FileRow[]> {
    if (!request.isMultipart()) throw invalidFile('Send the file as multipart/form-data in the field "file".');
    const run: UploadRun = { userId, imagesOnly: options.imagesOnly, fields: {}, received: [], written: [], temp: new TempFiles(this.opts.tempDir) };
    const mostFiles = Math.max(...Object.values(this.opts.fileConfig.endpoints).map((e) => e.fileLimit));
    let rows: FileRow[];
    try {
      const parts = request.parts({
        limits: {
          // The server's cap as the multipart layer's own backstop; the endpoint's applies byte by byte below.
          fileSize: mbToBytes(this.opts.fileConfig.serverFileSizeLimit),
          files: mostFiles + 1,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: mostFiles + 1 + MAX_FIELDS,
        },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') run.fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const limits = this.limitsFor(run.fields);
        if (limits.disabled) throw this.refuseNow(part, invalidFile(FILE_ERROR_MESSAGES.disabled));
        if (run.received.length >= limits.fileLimit) {
          throw this.refuseNow(part, invalidFile(FILE_ERROR_MESSAGES.fileLimit(limits.fileLimit)));
        }
        run.received.push(await this.receiveFile(part, run, limits));
      }
      this.checkWhole(run);
      rows = await this.saveRows(run);
    } catch (err) {
      await this.removeWritten(run);
      const limits = this.limitsFor(run.fields);
      throw toUploadError(err, { fileSizeMb: this.fileSizeMb(limits), fileLimit: limits.fileLimit });
    } finally {
      await run.temp.removeAll();
    }
    return this.indexForFileSearch(run, rows);
  }

  /**
   * Documents for file_search are embedded before the answer, so it says `embedded: true` as
   * LibreChat's does. A failure (the embeddings API down) keeps the file: it is indexed when
   * it is first searched.
   */
  private async indexForFileSearch(run: UploadRun, rows: FileRow[]): Promise<FileRow[]> {
    if (!this.opts.fileSearch || run.fields.tool_resource !== 'file_search') return rows;
    try {
      const indexed = new Set(await this.opts.fileSearch.indexFiles(run.userId, rows.map((r) => r.file_id)));
      return rows.map((row) => (indexed.has(row.file_id) ? { ...row, embedded: 1 } : row));
    } catch (err) {
      this.opts.log.warn({ err }, 'could not index uploaded files for file_search; they are indexed when searched');
      return rows;
    }
  }

  /** Stops reading a part that is refused before its bytes are looked at. */
  private refuseNow(part: MultipartFile, err: Error): Error {
    part.file.resume();
    return err;
  }

  private async receiveFile(part: MultipartFile, run: UploadRun, limits: ResolvedEndpointFileConfig): Promise<ReceivedFile> {
    const filename = cleanFileName(part.filename);
    const sniffed = await sniffStream(part.file, SNIFF_BYTES);
    const isEmpty = sniffed.head.length === 0;
    // An empty file has no bytes to judge: its name says what it is (SPEC 5 refuses an empty upload as a whole).
    const type = isEmpty ? inferFileType(filename, part.mimetype) : await detectFileType(filename, part.mimetype, sniffed.head);
    const refusal = this.typeRefusal(filename, type, run, limits);
    if (refusal || !type) {
      await sniffed.discard();
      throw refusal ?? invalidFile(FILE_ERROR_MESSAGES.unknownType(filename));
    }

    const fileSizeMb = this.fileSizeMb(limits);
    const totalBefore = run.received.reduce((sum, f) => sum + f.size, 0);
    const limit = new ByteLimit((bytes) => {
      if (bytes >= mbToBytes(fileSizeMb)) return fileTooLarge(FILE_ERROR_MESSAGES.fileSize(fileSizeMb));
      if (totalBefore + bytes > mbToBytes(limits.totalSizeLimit)) return fileTooLarge(FILE_ERROR_MESSAGES.totalSize(limits.totalSizeLimit));
      return undefined;
    });
    const fileId = newId();
    const onStored = (key: string) => run.written.push(key);
    const received =
      isProcessableImage(type) && !isEmpty
        ? await this.receiveImage({ run, fileId, filename, type, body: sniffed.body, limit, onStored })
        : await this.receiveDocument({ run, fileId, filename, type, body: sniffed.body, limit, onStored });
    if (part.file.truncated) throw fileTooLarge(FILE_ERROR_MESSAGES.fileSize(fileSizeMb));

    const duplicate = run.received.some((earlier) =>
      isSameFile(
        { name: earlier.filename, size: earlier.size, type: earlier.detectedType },
        { name: received.filename, size: received.size, type: received.detectedType },
      ),
    );
    if (duplicate) throw invalidFile(FILE_ERROR_MESSAGES.duplicate);
    return received;
  }

  /** SPEC 5's type rules, and what this route takes. */
  private typeRefusal(filename: string, type: string | undefined, run: UploadRun, limits: ResolvedEndpointFileConfig): Error | undefined {
    if (!type) return invalidFile(FILE_ERROR_MESSAGES.unknownType(filename));
    if (run.imagesOnly && !isImageType(type)) return invalidFile(FILE_ERROR_MESSAGES.unsupportedType(type));
    if (!isSupportedType(type, limits.supportedMimeTypes)) return invalidFile(FILE_ERROR_MESSAGES.unsupportedType(type));
    // SPEC 5: non-image files on an agents endpoint need a tool resource to go to. A video is a
    // message attachment like a picture: the model is told its id, for the meme video tool.
    if (run.fields.endpoint === 'agents' && !run.fields.tool_resource && !isImageType(type) && !isVideoType(type)) {
      return invalidFile(FILE_ERROR_MESSAGES.unsupportedCapability);
    }
    return undefined;
  }

  /**
   * A raster image is spooled to a temporary file and re-encoded (metadata stripped, resized
   * for the detail asked; an animated GIF keeps its frames); the processed bytes and a still
   * thumbnail are stored, never the original.
   */
  private async receiveImage(input: FileInput): Promise<ReceivedFile> {
    const { run, fileId, filename, type } = input;
    const spool = await run.temp.newPath();
    const size = await streamToFile(input.body, input.limit, spool);
    const detail = parseInput(uploadFieldsSchema, run.fields).imageDetail ?? 'auto';
    let processed;
    try {
      // An animated GIF stays animated: the user's clip for the meme video tool.
      processed = await processImage(spool, { outputType: this.opts.fileConfig.imageOutputType, detail, keepAnimation: true });
    } catch (err) {
      this.opts.log.warn({ err, type }, 'image processing failed');
      throw invalidFile(FILE_ERROR_MESSAGES.processing);
    }
    const storageKey = storageKeyOf(run.userId, fileId);
    const thumbnailKey = thumbnailKeyOf(run.userId, fileId);
    await putBuffer(this.opts.storage, storageKey, processed.data, processed.type, input.onStored);
    await putBuffer(this.opts.storage, thumbnailKey, processed.thumbnail.data, processed.thumbnail.type, input.onStored);
    return {
      fileId,
      filename,
      detectedType: type,
      type: processed.type,
      size,
      bytes: processed.data.length,
      width: processed.width,
      height: processed.height,
      filepath: imagePath(run.userId, fileId),
      storageKey,
      thumbnailKey,
      thumbnailType: processed.thumbnail.type,
      text: null,
    };
  }

  /**
   * Any other file streams straight to storage as it is (SVG too: it is served only as an
   * attachment). A document is copied to a temporary file on the way for its text; archives
   * and videos are stored, never expanded nor read.
   */
  private async receiveDocument(input: FileInput): Promise<ReceivedFile> {
    const { run, fileId, filename, type } = input;
    const wantsText = !isImageType(type) && !isArchiveType(type) && !isVideoType(type);
    const copyTo = wantsText ? await run.temp.newPath() : undefined;
    const storageKey = storageKeyOf(run.userId, fileId);
    const size = await streamToStorage({ storage: this.opts.storage, key: storageKey, contentType: type, body: input.body, limit: input.limit, copyTo, onStored: input.onStored });
    let text: string | null = null;
    if (copyTo && size > 0) {
      try {
        text = (await extractText({ path: copyTo, type, filename }))?.text ?? null;
      } catch (err) {
        // The file is still a file: it is kept, and the model is given no text for it.
        this.opts.log.warn({ err, type }, 'text extraction failed');
      }
    }
    return {
      fileId,
      filename,
      detectedType: type,
      type,
      size,
      bytes: size,
      width: null,
      height: null,
      filepath: downloadPath(run.userId, fileId),
      storageKey,
      thumbnailKey: null,
      thumbnailType: null,
      text,
    };
  }

  /**
   * The checks that need the whole request: the endpoint may be named after the file part
   * (its limits are only known then), and an empty upload is only known at the end.
   */
  private checkWhole(run: UploadRun): void {
    const limits = this.limitsFor(run.fields);
    if (limits.disabled) throw invalidFile(FILE_ERROR_MESSAGES.disabled);
    const total = run.received.reduce((sum, f) => sum + f.size, 0);
    if (total === 0) throw invalidFile(FILE_ERROR_MESSAGES.empty);
    if (run.received.length > limits.fileLimit) throw invalidFile(FILE_ERROR_MESSAGES.fileLimit(limits.fileLimit));
    const fileSizeMb = this.fileSizeMb(limits);
    for (const file of run.received) {
      const refusal = this.typeRefusal(file.filename, file.detectedType, run, limits);
      if (refusal) throw refusal;
      if (file.size >= mbToBytes(fileSizeMb)) throw fileTooLarge(FILE_ERROR_MESSAGES.fileSize(fileSizeMb));
    }
    if (total > mbToBytes(limits.totalSizeLimit)) throw fileTooLarge(FILE_ERROR_MESSAGES.totalSize(limits.totalSizeLimit));
  }

  private async saveRows(run: UploadRun): Promise<FileRow[]> {
    const fields = parseInput(uploadFieldsSchema, run.fields);
    const now = nowIso();
    const rows: FileRow[] = run.received.map((file) => ({
      file_id: file.fileId,
      user_id: run.userId,
      conversation_id: fields.conversationId ?? null,
      message_id: null,
      // The client's temporary id names one file; a batch's files are told apart by their own ids.
      temp_file_id: run.received.length === 1 ? (fields.file_id ?? null) : null,
      filename: file.filename,
      filepath: file.filepath,
      type: file.type,
      bytes: file.bytes,
      width: file.width,
      height: file.height,
      source: this.opts.storage.source,
      context: 'message_attachment',
      storage_key: file.storageKey,
      thumbnail_key: file.thumbnailKey,
      thumbnail_type: file.thumbnailType,
      text: file.text,
      embedded: 0,
      usage: 0,
      tool_resource: fields.tool_resource ?? null,
      created_at: now,
      updated_at: now,
    }));
    await this.opts.db.kysely.transaction().execute(async (trx) => {
      for (const row of rows) await trx.insertInto('files').values(row).execute();
    });
    return rows;
  }

  private async removeWritten(run: UploadRun): Promise<void> {
    await Promise.all(
      run.written.splice(0).map((key) =>
        this.opts.storage.delete(key).catch((err: unknown) => this.opts.log.error({ err, key }, 'could not remove a refused upload')),
      ),
    );
  }
}

interface FileInput {
  run: UploadRun;
  fileId: string;
  filename: string;
  type: string;
  body: Readable;
  limit: ByteLimit;
  onStored: (key: string) => void;
}
