import type { DeleteFilesInput, FileRecord, MergedFileConfig } from '@confab/shared';
import { apiFetch, apiJson, ApiError } from '../../lib/api-client';

/** The calls of SPEC 7, Files. */

/** GET /api/files/config: the merged fileConfig (sizes in MB, mime patterns as regex sources). */
export function fetchFileConfig(): Promise<MergedFileConfig> {
  return apiJson<MergedFileConfig>('/api/files/config');
}

/** GET /api/files: the user's files, newest first. */
export function fetchFiles(): Promise<FileRecord[]> {
  return apiJson<FileRecord[]>('/api/files');
}

/** DELETE /api/files. */
export function deleteFiles(body: DeleteFilesInput): Promise<unknown> {
  return apiJson('/api/files', { method: 'DELETE', json: body });
}

export interface UploadFields {
  file: File;
  /** The client's temporary id; the answer names it as `temp_file_id`. */
  fileId: string;
  endpoint: string;
  width?: number;
  height?: number;
  toolResource?: string;
  /** The agent a tool-resource file belongs to (the builder's file_search files). */
  agentId?: string;
  isMessageFile?: boolean;
}

/**
 * POST /api/files (or /api/files/images with the dimensions read in the browser). fetch, not
 * XMLHttpRequest: progress moves in SPEC 4's steps, not with the bytes sent.
 */
export function uploadFile(fields: UploadFields, isImage: boolean, signal?: AbortSignal): Promise<FileRecord> {
  const form = new FormData();
  // Fields first: a server that streams the multipart body reads them before the bytes.
  form.append('file_id', fields.fileId);
  form.append('endpoint', fields.endpoint);
  if (fields.width !== undefined) form.append('width', String(fields.width));
  if (fields.height !== undefined) form.append('height', String(fields.height));
  if (fields.toolResource) form.append('tool_resource', fields.toolResource);
  if (fields.agentId) form.append('agent_id', fields.agentId);
  if (fields.isMessageFile) form.append('message_file', 'true');
  form.append('file', fields.file, fields.file.name);
  return apiJson<FileRecord>(isImage ? '/api/files/images' : '/api/files', { method: 'POST', body: form, signal });
}

/** POST /api/files/images/avatar: answers the new avatar's URL. */
export function uploadAvatar(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiJson<{ url: string }>('/api/files/images/avatar', { method: 'POST', body: form });
}

/**
 * Where one of our files is fetched from: on a shared page the share id opens it (`?shareId=`),
 * with or without a token, since a signed-out visitor has none.
 */
export function sharedFilePath(path: string, shareId?: string): string {
  if (!shareId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}shareId=${encodeURIComponent(shareId)}`;
}

/**
 * A GET with the bearer token (when there is one) that answers the body as a Blob (images,
 * downloads); `shareId` reads it through a shared link instead of as its owner.
 */
export async function fetchBlob(
  path: string,
  signal?: AbortSignal,
  shareId?: string,
): Promise<{ blob: Blob; headers: Headers }> {
  let response: Response;
  try {
    response = await apiFetch(sharedFilePath(path, shareId), { signal, headers: { Accept: '*/*' } });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    throw new ApiError(response.status, body, `HTTP ${response.status}`);
  }
  return { blob: await response.blob(), headers: response.headers };
}
