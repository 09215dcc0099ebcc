import { downloadFilename } from './download-filename';
import { fetchBlob } from './files-api';

/** GET /api/files/download/{userId}/{file_id} (SPEC 7). */
export function downloadPath(userId: string, fileId: string): string {
  return `/api/files/download/${encodeURIComponent(userId)}/${encodeURIComponent(fileId)}`;
}

/**
 * Downloads a stored file with the bearer token and saves it under its original name (from
 * Content-Disposition, else x-file-metadata, else `fallbackName`).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { blob, headers } = await fetchBlob(path);
  const name = downloadFilename(headers, fallbackName);
  saveBlob(blob, name);
  return name;
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; give the browser a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
