import type { MessageAttachment } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { readCapped } from '../../platform/read-capped.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import { detectFileType, SNIFF_BYTES } from '../files/detect-file-type.js';
import { loadSharp } from '../files/images/load-sharp.js';
import { storeGeneratedFile } from '../files/store-generated.js';
import type { CodeRunProducedFile } from './code-runner.js';

/** The largest produced file kept as the user's file (the sandbox's own folder limit is lower by default). */
const MAX_PRODUCED_FILE_BYTES = 512 * 1024 * 1024;
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export interface ProducedFilesInput {
  userId: string;
  conversationId: string;
  /** The message the run belongs to (the reply whose code block ran, or the reply of an agent's call). */
  messageId: string;
  toolCallId: string;
  files: CodeRunProducedFile[];
  /** When the files end: the run's working folder is removed then too (ISO). */
  expiresAt: string;
}

/**
 * Keeps what a code run produced as the user's files (issue 37; LibreChat's processCodeOutput):
 * source and context `execute_code`, an expiresAt, in the store every file uses, answered as
 * LibreChat's attachments (the file with `messageId`, `toolCallId`). The type is judged from the
 * bytes, never from the name the code chose alone. A file that cannot be read or stored is left
 * out (logged): the run's output still counts.
 */
export async function storeProducedFiles(
  deps: { db: Db; storage: StorageAdapter; log: FastifyBaseLogger },
  input: ProducedFilesInput,
): Promise<MessageAttachment[]> {
  const attachments: MessageAttachment[] = [];
  // One at a time: each may be tens of megabytes in memory.
  for (const file of input.files) {
    try {
      const data = await readCapped(await file.read(), MAX_PRODUCED_FILE_BYTES);
      if (!data) {
        deps.log.warn({ name: file.name }, 'a produced file over the size kept; left out');
        continue;
      }
      const type = (await detectFileType(file.name, file.mime, data.subarray(0, SNIFF_BYTES))) ?? file.mime;
      const size = RASTER_TYPES.has(type) ? await imageSize(data) : undefined;
      const { record } = await storeGeneratedFile(deps.db, deps.storage, {
        userId: input.userId,
        data,
        type,
        filename: file.name,
        ...size,
        conversationId: input.conversationId,
        messageId: input.messageId,
        context: 'execute_code',
        source: 'execute_code',
        expiresAt: input.expiresAt,
      });
      attachments.push({
        ...record,
        messageId: input.messageId,
        toolCallId: input.toolCallId,
        conversationId: input.conversationId,
      });
    } catch (err) {
      deps.log.warn({ err, name: file.name }, 'could not keep a produced file');
    }
  }
  return attachments;
}

async function imageSize(data: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const sharp = await loadSharp();
    const { width, height } = await sharp(data).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
