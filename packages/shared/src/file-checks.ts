import { MEGABYTE, mbToBytes, UPLOAD_TIMING } from './files.js';
import { isSupportedType, type ResolvedEndpointFileConfig } from './file-config.js';
import { fileExtension, inferFileType } from './file-types.js';

/** SPEC 5 checks of a batch of chosen files, with their exact messages. */
export const FILE_ERROR_MESSAGES = {
  empty: 'No files available.',
  duplicate: 'Duplicate file detected.',
  validation: 'An error occurred while validating the file.',
  unsupportedCapability: 'No capabilities enabled that support this file type.',
  processing: 'An error occurred while processing the file.',
  upload: 'An error occurred while uploading the file.',
  uploadCanceled: 'The file upload request was canceled.',
  disabled: 'File uploads are disabled for this endpoint.',
  /** The server's word for a multipart body cut off before its file ended. */
  uploadEnded: 'The upload ended before the file was complete.',
  /** LibreChat's answer to too many uploads (violation file_upload_limit, SPEC 8). */
  uploadRateLimited: 'Too many file upload requests. Try again later',
  fileLimit: (n: number) => `You can only upload up to ${n} files at a time.`,
  unknownType: (name: string) => `Unable to determine file type for: ${name}`,
  unsupportedType: (type: string) => `Currently, unsupported file type: ${type}`,
  fileSize: (mb: number) => `File size exceeds ${mb} MB.`,
  totalSize: (mb: number) => `The total size of the files cannot exceed ${mb} MB.`,
  avatarSize: (mb: number) => `File size exceeds ${mb} MB.`,
} as const;

/** A file as the checks see it: a browser File, or what the server knows of a stored one. */
export interface CheckedFile {
  name: string;
  size: number;
  type?: string | undefined;
}

/** The type family duplicates are judged by (SPEC 5: same name, size and type family). */
const typeFamily = (type: string | undefined) => (type ?? '').split('/')[0] ?? '';

/** SPEC 5: two files are the same when name, size and type family agree (types as already judged). */
export const isSameFile = (a: Required<CheckedFile>, b: Required<CheckedFile>): boolean =>
  a.name === b.name && a.size === b.size && typeFamily(a.type) === typeFamily(b.type);

/**
 * SPEC 5's checks of newly chosen files against those already attached, in SPEC order. Returns
 * the first problem's message, or null when all may be uploaded. Sizes in bytes.
 */
export function checkChosenFiles(
  chosen: CheckedFile[],
  attached: CheckedFile[],
  limits: ResolvedEndpointFileConfig,
): string | null {
  if (limits.disabled) return FILE_ERROR_MESSAGES.disabled;
  if (chosen.reduce((sum, f) => sum + f.size, 0) === 0) return FILE_ERROR_MESSAGES.empty;
  if (chosen.length + attached.length > limits.fileLimit) return FILE_ERROR_MESSAGES.fileLimit(limits.fileLimit);
  let total = attached.reduce((sum, f) => sum + f.size, 0);
  const seen = [...attached];
  for (const file of chosen) {
    const type = inferFileType(file.name, file.type);
    if (!type) return FILE_ERROR_MESSAGES.unknownType(file.name);
    if (!isSupportedType(type, limits.supportedMimeTypes)) return FILE_ERROR_MESSAGES.unsupportedType(type);
    if (file.size >= mbToBytes(limits.fileSizeLimit)) return FILE_ERROR_MESSAGES.fileSize(limits.fileSizeLimit);
    total += file.size;
    if (total > mbToBytes(limits.totalSizeLimit)) return FILE_ERROR_MESSAGES.totalSize(limits.totalSizeLimit);
    const duplicate = seen.some((s) =>
      isSameFile(
        { name: s.name, size: s.size, type: inferFileType(s.name, s.type) ?? '' },
        { name: file.name, size: file.size, type },
      ),
    );
    if (duplicate) return FILE_ERROR_MESSAGES.duplicate;
    seen.push(file);
  }
  return null;
}

/** SPEC 9: when the slow-upload warning shows for a file of this size. */
export const slowUploadWarningMs = (bytes: number): number =>
  UPLOAD_TIMING.slowWarningBaseMs + Math.floor(bytes / MEGABYTE) * UPLOAD_TIMING.slowWarningPerMbMs;

/** SPEC 5: a pasted file is renamed with the clipboard prefix and a timestamp. */
export function pastedFileName(original: string, type: string, now: Date = new Date()): string {
  const ext = fileExtension(original) || (type.split('/')[1] ?? 'bin').replace('jpeg', 'jpg').replace('svg+xml', 'svg');
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace('T', '_').replace('Z', '');
  return `clipboard_${stamp}.${ext}`;
}
