import { FILE_ERROR_MESSAGES } from '@confab/shared';
import { AppError } from '../../platform/errors.js';

export const invalidFile = (message: string): AppError => new AppError('invalid_file', message);
export const fileTooLarge = (message: string): AppError => new AppError('file_too_large', message);

/** Whether an error came from the multipart body itself (busboy or @fastify/multipart), not from us or storage. */
function isUploadStreamError(err: unknown): boolean {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && code.startsWith('FST_')) return true;
  return typeof message === 'string' && /Unexpected end of (form|multipart)|terminated early|Malformed|Multipart: /i.test(message);
}

/**
 * What a failed upload answers. Our own refusals pass as they are; the multipart layer's limits
 * and a body cut short become SPEC 5's wording; anything else (the disk, the storage service) is
 * the server's trouble and stays a 500. `fileSizeMb` is the per-file limit that applied.
 */
export function toUploadError(err: unknown, limits: { fileSizeMb: number; fileLimit: number }): unknown {
  if (err instanceof AppError || !isUploadStreamError(err)) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(FILE_ERROR_MESSAGES.fileSize(limits.fileSizeMb));
    case 'FST_FILES_LIMIT':
      return invalidFile(FILE_ERROR_MESSAGES.fileLimit(limits.fileLimit));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalidFile('The upload has too many fields.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalidFile(FILE_ERROR_MESSAGES.validation);
    default:
      return invalidFile(FILE_ERROR_MESSAGES.uploadEnded);
  }
}
