import { mergeFileConfig, UPLOAD_TIMING, type FileRecord, type MergedFileConfig } from '@confab/shared';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { forgetTempFiles, type TempFile } from '../chat/drafts/file-drafts';
import { deleteFiles, fetchFileConfig, fetchFiles } from './files-api';

export const fileKeys = {
  config: ['fileConfig'] as const,
  files: ['files'] as const,
};

/** The defaults of SPEC 9, used until (or if) GET /api/files/config answers. */
export const DEFAULT_FILE_CONFIG: MergedFileConfig = mergeFileConfig(undefined);

export function useFileConfigQuery() {
  return useQuery({ queryKey: fileKeys.config, queryFn: fetchFileConfig, staleTime: 10 * 60_000 });
}

export function useFilesQuery(options: { enabled?: boolean } = {}) {
  return useQuery<FileRecord[]>({ queryKey: fileKeys.files, queryFn: fetchFiles, staleTime: 0, ...options });
}

export function getFiles(): Promise<FileRecord[]> {
  return queryClient.fetchQuery({ queryKey: fileKeys.files, queryFn: fetchFiles, staleTime: 5_000 });
}

let queued: TempFile[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function flushDeletions(): void {
  timer = null;
  const files = queued;
  queued = [];
  if (!files.length) return;
  const ids = files.map((f) => f.file_id);
  deleteFiles({
    files: files.map((f) => ({
      file_id: f.file_id,
      ...(f.filepath ? { filepath: f.filepath } : {}),
      ...(f.source ? { source: f.source } : {}),
      ...(f.embedded !== undefined ? { embedded: f.embedded } : {}),
    })),
  })
    .then(() => {
      forgetTempFiles(ids);
      queryClient.setQueryData<FileRecord[]>(fileKeys.files, (list) => list?.filter((f) => !ids.includes(f.file_id)));
    })
    // SPEC 8: a failed file deletion is only logged.
    .catch((err: unknown) => console.warn('[files] deletion failed', err));
}

/** Deletes files on the server, batched with SPEC 7's 1 s debounce. */
export function queueFileDeletion(files: readonly TempFile[]): void {
  for (const file of files) if (!queued.some((q) => q.file_id === file.file_id)) queued.push(file);
  if (timer) clearTimeout(timer);
  timer = setTimeout(flushDeletions, UPLOAD_TIMING.deleteDebounceMs);
}
