import { apiJson } from '../../lib/api-client';
import type { KeyStatusResponse } from './key-expiry';

const enc = encodeURIComponent;

export function fetchKeyStatus(name: string, signal?: AbortSignal): Promise<KeyStatusResponse> {
  return apiJson<KeyStatusResponse>(`/api/keys?name=${enc(name)}`, { signal });
}

export function saveKey(input: {
  name: string;
  value: string;
  expiresAt: string | null;
}): Promise<{ expiresAt: string | null }> {
  return apiJson<{ expiresAt: string | null }>('/api/keys', { method: 'PUT', json: input });
}

export function revokeKey(name: string): Promise<{ deletedCount: number }> {
  return apiJson<{ deletedCount: number }>(`/api/keys/${enc(name)}`, { method: 'DELETE' });
}

/** DELETE /api/keys?all=true: every key of the user (SPEC 2, Settings → Data). */
export function revokeAllKeys(): Promise<{ deletedCount: number }> {
  return apiJson<{ deletedCount: number }>('/api/keys?all=true', { method: 'DELETE' });
}
