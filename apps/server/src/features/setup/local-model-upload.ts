import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { GGUF_HEADER_BYTES, ggufHeaderProblem } from '../../providers/local-llama/gguf-header.js';
import { isLocalModelFileName } from '../../providers/local-llama/local-endpoint.js';

/** Uploads being received: dot files, which the folder's listing never shows. */
export const UPLOAD_TEMP_PREFIX = '.upload-';

const notGguf = (message: string) => new AppError('invalid_file', message, { code: 'not_gguf' });

/**
 * The name an uploaded file is stored under: its own name without any folder part, with
 * characters a file system or a URL might trip on replaced. Undefined when it is no .gguf name.
 */
export function safeModelFileName(uploaded: string): string | undefined {
  const lastPart = uploaded.split(/[/\\]/).pop() ?? '';
  const cleaned = lastPart
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(-200);
  return isLocalModelFileName(cleaned) ? cleaned : undefined;
}

/** Passes the bytes through, failing as soon as the first ones are not a readable GGUF header. */
class GgufHeaderCheck extends Transform {
  private head = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.head.length < GGUF_HEADER_BYTES) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, GGUF_HEADER_BYTES);
      const problem = this.head.length === GGUF_HEADER_BYTES ? ggufHeaderProblem(this.head) : undefined;
      if (problem) return done(notGguf(problem));
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.head.length < GGUF_HEADER_BYTES ? notGguf('The file is too short to be a GGUF model.') : null);
  }
}

/**
 * Streams the multipart field `file` into the models folder: to a temporary file first (never
 * held in memory, the size limit enforced as the bytes arrive, the GGUF header checked on the
 * first bytes), renamed to its final name only once complete, so the folder never lists half a
 * model. Returns the stored name.
 */
export async function receiveModelUpload(request: FastifyRequest, dir: string, maxBytes: number): Promise<string> {
  if (!request.isMultipart()) throw notGguf('Send the model as multipart/form-data in the field "file".');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw notGguf('The upload has no file in the field "file".');
  }
  const name = safeModelFileName(part.filename);
  if (!name) {
    part.file.resume();
    throw notGguf('Local models must be .gguf files.');
  }
  const target = join(dir, name);
  if (await exists(target)) {
    part.file.resume();
    throw new AppError('conflict', `A model named "${name}" is already there; delete it first to replace it.`);
  }

  const temp = join(dir, `${UPLOAD_TEMP_PREFIX}${randomUUID()}`);
  try {
    await pipeline(part.file, new GgufHeaderCheck(), createWriteStream(temp, { flags: 'wx' }));
    if (part.file.truncated) throw tooLarge(maxBytes);
    await rename(temp, target);
    return name;
  } catch (err) {
    await rm(temp, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (err instanceof AppError || (err as { syscall?: string }).syscall) throw err;
    throw new AppError('invalid_file', 'The upload ended before the model was complete.');
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function tooLarge(maxBytes: number): AppError {
  const gb = Math.round((maxBytes / 1024 ** 3) * 100) / 100;
  return new AppError('file_too_large', `The model is larger than the ${gb} GB limit (LOCAL_MODEL_MAX_BYTES).`);
}
