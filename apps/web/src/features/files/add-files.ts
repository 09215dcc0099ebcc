import {
  checkChosenFiles,
  endpointFileConfig,
  FILE_ERROR_MESSAGES,
  inferFileType,
  isImageType,
  isProcessableImage,
  isVideoType,
  slowUploadWarningMs,
  UPLOAD_TIMING,
  type FileRecord,
  type MergedFileConfig,
} from '@confab/shared';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { rememberTempFile } from '../chat/drafts/file-drafts';
import { LOGOUT_EVENT } from '../auth/auth-store';
import { clearAllAttachments, dispatchAttachments, getAttachments, trackLocalUrl } from './attachments-store';
import { primeImage, thumbnailPath } from './authed-images';
import { DEFAULT_FILE_CONFIG, fileKeys } from './file-queries';
import { uploadFile } from './files-api';
import { readImageSize } from './read-image-size';
import { showSlowUploadWarning, showUploadError } from './upload-toasts';

/** The agents endpoint: its files need a tool resource unless they are images or videos (SPEC 5). */
export const AGENTS_ENDPOINT = 'agents';

export interface AddFilesOptions {
  /** Draft id the files attach to (a conversation id or `new`). */
  key: string;
  endpoint: string;
  endpointType?: string | undefined;
  config: MergedFileConfig | undefined;
  /** Agents: where the files go (`file_search`, `execute_code`); none for images and videos. */
  toolResource?: string;
}

const controllers = new Map<string, AbortController>();

/** Aborts every upload still running: each leaves with the upload-canceled message. */
export function cancelAllUploads(): void {
  for (const controller of controllers.values()) controller.abort();
}

// Signing out ends the uploads in flight and empties the inputs: the next user starts clean.
if (typeof window !== 'undefined')
  window.addEventListener(LOGOUT_EVENT, () => {
    cancelAllUploads();
    clearAllAttachments();
  });

function uploadErrorMessage(err: unknown): string {
  if (err instanceof DOMException && err.name === 'AbortError') return FILE_ERROR_MESSAGES.uploadCanceled;
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown } | null;
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) return body.message;
  }
  return FILE_ERROR_MESSAGES.upload;
}

/**
 * Adds chosen, pasted or dropped files to the message being written: SPEC 5's checks against
 * the endpoint's limits (the whole batch is refused on the first problem, with its message),
 * then each file is previewed, measured (images), uploaded and completed (SPEC 4's progress).
 * Returns whether the batch passed the checks.
 */
export function addFiles(files: readonly File[], options: AddFilesOptions): boolean {
  const limits = endpointFileConfig(options.config ?? DEFAULT_FILE_CONFIG, options.endpoint, options.endpointType);
  const attached = getAttachments(options.key).map((a) => ({ name: a.filename, size: a.bytes, type: a.type }));
  const chosen = files.map((f) => ({ name: f.name, size: f.size, type: f.type }));
  const problem = checkChosenFiles(chosen, attached, limits);
  if (problem) {
    showUploadError(problem);
    return false;
  }
  if (options.endpoint === AGENTS_ENDPOINT && !options.toolResource) {
    // Images and videos attach to the message itself; anything else needs a tool to go to.
    const hasOther = chosen.some((f) => {
      const type = inferFileType(f.name, f.type) ?? '';
      return !isImageType(type) && !isVideoType(type);
    });
    if (hasOther) {
      showUploadError(FILE_ERROR_MESSAGES.unsupportedCapability);
      return false;
    }
  }
  for (const file of files) void uploadOne(file, options);
  return true;
}

async function uploadOne(file: File, options: AddFilesOptions): Promise<void> {
  const { key } = options;
  const tempId = crypto.randomUUID();
  const type = inferFileType(file.name, file.type) ?? file.type;
  const isImage = isProcessableImage(type);
  const localUrl = isImage ? URL.createObjectURL(file) : undefined;
  if (localUrl) trackLocalUrl(localUrl);
  dispatchAttachments(key, {
    type: 'chosen',
    attachment: {
      tempId,
      file_id: tempId,
      filename: file.name,
      type,
      bytes: file.size,
      progress: 0,
      ...(localUrl ? { localUrl } : {}),
      ...(options.toolResource ? { tool_resource: options.toolResource } : {}),
    },
  });

  let size: { width: number; height: number } | undefined;
  if (isImage) {
    try {
      size = await readImageSize(file);
      dispatchAttachments(key, { type: 'dimensions', tempId, ...size });
    } catch {
      dispatchAttachments(key, { type: 'failed', tempId });
      showUploadError(FILE_ERROR_MESSAGES.processing);
      return;
    }
  }

  const controller = new AbortController();
  controllers.set(tempId, controller);
  let isRunning = true;
  const slowTimer = setTimeout(() => {
    if (isRunning) showSlowUploadWarning(file.name);
  }, slowUploadWarningMs(file.size));
  let record: FileRecord;
  try {
    record = await uploadFile(
      {
        file,
        fileId: tempId,
        endpoint: options.endpoint,
        ...(size ?? {}),
        ...(options.toolResource ? { toolResource: options.toolResource } : {}),
      },
      isImage,
      controller.signal,
    );
  } catch (err) {
    dispatchAttachments(key, { type: 'failed', tempId });
    showUploadError(uploadErrorMessage(err));
    return;
  } finally {
    isRunning = false;
    clearTimeout(slowTimer);
    controllers.delete(tempId);
  }

  // Not sent yet: if its draft goes, it is a leftover to delete on a later load (SPEC 4).
  rememberTempFile({
    file_id: record.file_id,
    filepath: record.filepath,
    source: record.source,
    embedded: record.embedded,
  });
  if (isImage && record.filepath) {
    primeImage(record.filepath, file);
    primeImage(thumbnailPath(record.filepath), file);
  }
  void queryClient.invalidateQueries({ queryKey: fileKeys.files });
  dispatchAttachments(key, { type: 'uploaded', tempId, record });
  setTimeout(() => dispatchAttachments(key, { type: 'finalized', tempId }), UPLOAD_TIMING.finalProgressDelayMs);
}
