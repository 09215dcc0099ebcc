import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isImportFileName } from '@confab/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';

const SPOOL_PREFIX = 'import-';

export interface SpooledUpload {
  path: string;
  filename: string;
  /** Deletes the temporary file; safe to call twice. */
  dispose(): Promise<void>;
}

/**
 * Streams the multipart field `file` to a temporary file under a generated name, never holding
 * it in memory. The size limit is enforced while the bytes arrive (busboy stops writing at the
 * limit), so an oversized upload costs at most `maxBytes` of disk, briefly. Spooling first also
 * keeps a slow client's upload outside the import's database transaction.
 */
export async function spoolUpload(request: FastifyRequest, options: { dir: string; maxBytes: number }): Promise<SpooledUpload> {
  if (!request.isMultipart()) {
    throw new AppError('invalid_import', 'Send the conversation file as multipart/form-data in the field "file".');
  }
  const part = await request.file({ limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024 } });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('invalid_import', 'The upload has no file in the field "file".');
  }
  if (!isImportFileName(part.filename)) {
    part.file.resume();
    throw new AppError('invalid_import', 'Imported conversation files must be .json files.');
  }

  await mkdir(options.dir, { recursive: true });
  const path = join(options.dir, `${SPOOL_PREFIX}${randomUUID()}.json`);
  const dispose = () => rm(path, { force: true });
  try {
    await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
  } catch (err) {
    await dispose();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.maxBytes);
    // Trouble with the disk is a file system error (it names its syscall) and ours; any other broke
    // on the upload's side: a body cut short, malformed multipart.
    if (!(err as { syscall?: string }).syscall) throw new AppError('invalid_import', 'The upload ended before the file was complete.');
    throw err;
  }
  if (part.file.truncated) {
    await dispose();
    throw tooLarge(options.maxBytes);
  }
  return { path, filename: part.filename, dispose };
}

/**
 * Deletes spooled uploads left by a process that died mid-import. Only old ones: another
 * instance sharing the data folder may be reading a fresh one right now.
 */
export async function removeStaleSpools(dir: string, olderThanMs = 60 * 60 * 1000): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  for (const name of names) {
    if (!name.startsWith(SPOOL_PREFIX)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > olderThanMs) await rm(path, { force: true });
  }
}

function tooLarge(maxBytes: number): AppError {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new AppError('payload_too_large', `The file is larger than the ${mb} MB import limit.`);
}
