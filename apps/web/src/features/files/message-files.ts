import { messageFileSchema, UPLOAD_PROGRESS, type Message, type MessageFile } from '@confab/shared';
import { z } from 'zod';
import type { Attachment } from './upload-state';

const filesSchema = z.array(z.unknown());

/** The valid files of a message (anything malformed in what the server sent is skipped). */
export function messageFilesOf(message: Message): MessageFile[] {
  const parsed = filesSchema.safeParse(message.files);
  if (!parsed.success) return [];
  return parsed.data.flatMap((item) => {
    const file = messageFileSchema.safeParse(item);
    return file.success ? [file.data] : [];
  });
}

/** A file of a message back as a complete attachment (a refused send returns its files). */
export function attachmentFromMessageFile(f: MessageFile): Attachment {
  return {
    tempId: f.file_id,
    file_id: f.file_id,
    filename: f.filename ?? f.file_id,
    type: f.type ?? '',
    bytes: f.bytes ?? 0,
    progress: UPLOAD_PROGRESS.done,
    width: f.width,
    height: f.height,
    filepath: f.filepath,
    preview: f.preview,
  };
}
