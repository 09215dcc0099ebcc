import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { deleteFilesSchema, isSafeInlineImage, type MergedFileConfig } from '@confab/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { attachmentHeader } from '../../platform/content-disposition.js';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { bearerToken } from '../auth/authenticate.js';
import { canVisitorOpenSharedFile } from '../share/shared-file-access.js';
import type { AvatarService } from './avatar.service.js';
import { toFileRecord, type FileRow } from './files.repo.js';
import type { FilesService } from './files.service.js';
import type { CountUpload } from './upload-rate-limits.js';
import type { UploadService } from './upload.service.js';

export interface FilesRoutesOptions {
  uploads: UploadService;
  files: FilesService;
  avatars: AvatarService;
  countUpload: CountUpload;
  fileConfig: MergedFileConfig;
}

const ownerParams = z.object({ userId: z.string().max(100), fileId: z.string().max(100) });
const avatarParams = z.object({ userId: z.string().max(100), name: z.string().max(100) });
const imageQuery = z.object({ thumb: z.string().max(10).optional(), shareId: z.string().max(100).optional() });
const FILENAME_CHARS = 200;

/**
 * JSON that is a valid header value: every character past ASCII written as a \u escape, which
 * JSON.parse reads back as it was (LibreChat's client parses `x-file-metadata` with JSON.parse).
 */
export function headerSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The upload answer LibreChat's client reads: the message and the first file's fields (all of a batch in `files`). */
function uploadAnswer(rows: FileRow[]) {
  const records = rows.map((row) => toFileRecord(row));
  // The message goes last: a file's own `message` (the id of a message it is attached to) must not replace it.
  return {
    ...records[0],
    ...(records.length > 1 ? { files: records } : {}),
    message: 'File uploaded and processed successfully',
  };
}

/** Files (SPEC 7): upload, list, delete, download, images and avatars, in LibreChat's shapes. */
export async function filesRoutes(app: FastifyInstance, opts: FilesRoutesOptions): Promise<void> {
  const { uploads, files, avatars, countUpload } = opts;
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart);
  const auth = { preHandler: app.authenticate };

  app.get('/api/files', auth, async (request) => files.list(request.user.id));

  // MB and regular-expression sources, as LibreChat's client mergeFileConfig reads them.
  app.get('/api/files/config', auth, async () => opts.fileConfig);

  app.post('/api/files', auth, async (request, reply) => {
    await countUpload(request, reply);
    return uploadAnswer(await uploads.receive(request, request.user.id, { imagesOnly: false }));
  });

  app.post('/api/files/images', auth, async (request, reply) => {
    await countUpload(request, reply);
    return uploadAnswer(await uploads.receive(request, request.user.id, { imagesOnly: true }));
  });

  app.post('/api/files/images/avatar', auth, async (request, reply) => {
    await countUpload(request, reply);
    return avatars.upload(request, request.user.id);
  });

  app.delete('/api/files', auth, async (request, reply) => {
    const body = parseInput(deleteFilesSchema, request.body);
    if (body.files.length === 0) return reply.status(204).send();
    await files.delete(
      request.user.id,
      body.files.map((f) => f.file_id),
    );
    return { message: 'Files deleted successfully' };
  });

  app.get('/api/files/download/:userId/:fileId', auth, async (request, reply) => {
    const { userId, fileId } = parseInput(ownerParams, request.params);
    const file = await files.open(request.user.id, userId, fileId);
    // Never shown inline, whatever it is: the type the client needs travels in the metadata.
    return sendStored(reply, file.body, file.bytes, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': attachmentHeader(file.row.filename, { fallback: 'file', maxChars: FILENAME_CHARS }),
      'x-file-metadata': headerSafeJson(toFileRecord(file.row)),
      'Access-Control-Expose-Headers': 'x-file-metadata, content-disposition',
      'Cache-Control': 'private, no-store',
    });
  });

  /**
   * A stored image for its owner (bearer token), or for a visitor of a shared link that shows it
   * (`?shareId=`, with or without a token; one that is there must be valid). Anything else is
   * the 404 of a missing file.
   */
  app.get('/images/:userId/:fileId', async (request, reply) => {
    const { userId, fileId } = parseInput(ownerParams, request.params);
    const { thumb, shareId } = parseInput(imageQuery, request.query);
    const hasToken = bearerToken(request) !== undefined;
    if (hasToken) await app.authenticate.call(app, request, reply);
    else if (shareId === undefined) throw new AppError('unauthorized', 'Authentication required');

    const options = { thumbnail: thumb === '1' || thumb === 'true', imagesOnly: true };
    const isOwner = hasToken && request.user.id === userId;
    const isShared = async (row: FileRow) =>
      shareId !== undefined &&
      canVisitorOpenSharedFile(app.db.kysely, app.env, { shareId, file: row, isSignedIn: hasToken });
    const file = isOwner
      ? await files.open(request.user.id, userId, fileId, options)
      : await files.openVisible(userId, fileId, isShared, options);
    // A shared link can be refreshed or made private at any time: its readers keep nothing for a day.
    const cache = { 'Cache-Control': isOwner ? 'private, max-age=86400' : 'private' };
    if (isSafeInlineImage(file.type))
      return sendStored(reply, file.body, file.bytes, { ...cache, 'Content-Type': file.type });
    // SVG and the like run as documents when opened: downloaded, never rendered.
    return sendStored(reply, file.body, file.bytes, {
      ...cache,
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': attachmentHeader(file.row.filename, { fallback: 'image', maxChars: FILENAME_CHARS }),
    });
  });

  app.get('/api/files/avatar/:userId/:name', async (request, reply) => {
    const { userId, name } = parseInput(avatarParams, request.params);
    const avatar = await avatars.open(userId, name);
    // A new picture gets a new name, so a name's bytes never change.
    return sendStored(reply, avatar.body, undefined, {
      'Content-Type': avatar.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
}

/** Streams stored bytes with their headers, nosniff always (the type is ours, never the browser's guess). */
function sendStored(
  reply: FastifyReply,
  body: Readable,
  bytes: number | undefined,
  headers: Record<string, string>,
): FastifyReply {
  reply.headers({ ...headers, 'X-Content-Type-Options': 'nosniff' });
  if (bytes !== undefined) reply.header('Content-Length', String(bytes));
  return reply.send(body);
}
