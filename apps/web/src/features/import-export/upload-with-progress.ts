import { ApiError, getAccessToken, refreshAccessToken } from '../../lib/api-client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

function send<T>(
  url: string,
  form: FormData,
  token: string | null,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: T | unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON: keep the text.
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form with upload progress (fetch cannot report it): XMLHttpRequest with
 * the bearer token, one refresh and retry on a 401 like apiFetch, ApiError on failure.
 */
export async function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  let result = await send<T>(url, form, getAccessToken(), onProgress, signal);
  if (result.status === 401) {
    const token = await refreshAccessToken();
    if (token) result = await send<T>(url, form, token, onProgress, signal);
  }
  if (result.status < 200 || result.status >= 300)
    throw new ApiError(result.status, result.body, `HTTP ${result.status}`);
  return result.body as T;
}
