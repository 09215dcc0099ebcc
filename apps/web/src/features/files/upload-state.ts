import { UPLOAD_PROGRESS, type FileRecord, type MessageFile } from '@confab/shared';

/**
 * One file attached to the message being written (SPEC 4, Files): its progress goes 0.2 when
 * chosen, 0.6 once an image's dimensions are read, 0.9 when the server has it, and 1 a moment
 * later with the server's details. Below 1 it cannot be removed, and the message cannot be sent.
 */
export interface Attachment {
  /** The client's temporary id, sent as `file_id` and answered as `temp_file_id`. */
  tempId: string;
  /** The server's id once known; the temporary id until then. */
  file_id: string;
  filename: string;
  type: string;
  bytes: number;
  progress: number;
  width?: number;
  height?: number;
  /** An object URL of the chosen file, for an image's preview before the server has it. */
  localUrl?: string;
  filepath?: string;
  preview?: string;
  source?: string;
  embedded?: boolean;
  tool_resource?: string;
  /** The server's answer, kept from `uploaded` until `finalized` applies it. */
  record?: FileRecord;
}

export type AttachmentAction =
  | { type: 'chosen'; attachment: Attachment }
  | { type: 'dimensions'; tempId: string; width: number; height: number }
  | { type: 'uploaded'; tempId: string; record: FileRecord }
  | { type: 'finalized'; tempId: string }
  /** A failed or cancelled upload: the file leaves the list. */
  | { type: 'failed'; tempId: string }
  /** Removed by the user (complete files only, see `canRemove`). */
  | { type: 'removed'; tempId: string }
  /** Files of a draft, restored complete. */
  | { type: 'restored'; attachments: Attachment[] }
  | { type: 'cleared' };

const update = (list: Attachment[], tempId: string, change: (a: Attachment) => Attachment): Attachment[] => {
  let changed = false;
  const next = list.map((a) => {
    if (a.tempId !== tempId) return a;
    changed = true;
    return change(a);
  });
  return changed ? next : list;
};

export function attachmentsReducer(list: Attachment[], action: AttachmentAction): Attachment[] {
  switch (action.type) {
    case 'chosen':
      return list.some((a) => a.tempId === action.attachment.tempId)
        ? list
        : [...list, { ...action.attachment, progress: UPLOAD_PROGRESS.chosen }];
    case 'dimensions':
      return update(list, action.tempId, (a) => ({
        ...a,
        width: action.width,
        height: action.height,
        progress: Math.max(a.progress, UPLOAD_PROGRESS.dimensionsRead),
      }));
    case 'uploaded':
      return update(list, action.tempId, (a) => ({ ...a, record: action.record, progress: UPLOAD_PROGRESS.uploaded }));
    case 'finalized':
      return update(list, action.tempId, (a) => {
        const r = a.record;
        if (!r) return a;
        return {
          ...a,
          record: undefined,
          progress: UPLOAD_PROGRESS.done,
          file_id: r.file_id,
          filename: r.filename || a.filename,
          type: r.type || a.type,
          bytes: r.bytes,
          width: r.width ?? a.width,
          height: r.height ?? a.height,
          filepath: r.filepath,
          preview: r.preview,
          source: r.source,
          embedded: r.embedded,
          ...(r.tool_resource ? { tool_resource: r.tool_resource } : {}),
        };
      });
    case 'failed':
      return list.some((a) => a.tempId === action.tempId) ? list.filter((a) => a.tempId !== action.tempId) : list;
    case 'removed': {
      const target = list.find((a) => a.tempId === action.tempId);
      return target && canRemove(target) ? list.filter((a) => a !== target) : list;
    }
    case 'restored': {
      const known = new Set(list.map((a) => a.file_id));
      const fresh = action.attachments.filter((a) => !known.has(a.file_id));
      return fresh.length ? [...list, ...fresh] : list;
    }
    case 'cleared':
      return list.length ? [] : list;
  }
}

/** SPEC 4: files with progress below 1 cannot be deleted. */
export const canRemove = (a: Attachment): boolean => a.progress >= UPLOAD_PROGRESS.done;

/** The loading flag: set while any file is below 1 (SPEC 4). */
export const isAnyLoading = (list: readonly Attachment[]): boolean =>
  list.some((a) => a.progress < UPLOAD_PROGRESS.done);

/** A stored file as a complete attachment (a draft restored after a reload). */
export function attachmentFromRecord(r: FileRecord): Attachment {
  return {
    tempId: r.file_id,
    file_id: r.file_id,
    filename: r.filename,
    type: r.type,
    bytes: r.bytes,
    progress: UPLOAD_PROGRESS.done,
    width: r.width,
    height: r.height,
    filepath: r.filepath,
    preview: r.preview,
    source: r.source,
    embedded: r.embedded,
    tool_resource: r.tool_resource,
  };
}

/** What the chat request and the message carry of each file (shared `messageFileSchema`). */
export function toMessageFile(a: Attachment): MessageFile {
  return {
    file_id: a.file_id,
    ...(a.filepath ? { filepath: a.filepath } : {}),
    filename: a.filename,
    type: a.type,
    ...(a.width !== undefined ? { width: a.width } : {}),
    ...(a.height !== undefined ? { height: a.height } : {}),
    bytes: a.bytes,
    ...(a.preview ? { preview: a.preview } : {}),
  };
}
