import type { MemoriesResponse, MemoryEntry, MemoryPreferences } from '@confab/shared';
import { apiJson } from '../../lib/api-client';

/** `?agent_id=` addresses an agent's own memories of the user (per-agent memory); none, the general ones. */
const scopeOf = (agentId?: string) => (agentId ? `?agent_id=${encodeURIComponent(agentId)}` : '');
// Keys may hold any character ("/", "?", spaces): always one encoded path segment.
const pathOf = (key: string, agentId?: string) => `/api/memories/${encodeURIComponent(key)}${scopeOf(agentId)}`;

/** GET /api/memories: the user's general memories, newest first, with the usage against the limits. */
export function fetchMemories(signal?: AbortSignal): Promise<MemoriesResponse> {
  return apiJson<MemoriesResponse>('/api/memories', { signal });
}

/** POST /api/memories (201); 409 when the key exists, 400 over a limit. */
export async function createMemory(input: { key: string; value: string }, agentId?: string): Promise<MemoryEntry> {
  const answer = await apiJson<{ created: boolean; memory: MemoryEntry }>(`/api/memories${scopeOf(agentId)}`, {
    method: 'POST',
    json: input,
  });
  return answer.memory;
}

/** PATCH /api/memories/:key; a `key` other than `originalKey` renames the memory. */
export async function updateMemory(
  originalKey: string,
  input: { key?: string; value: string },
  agentId?: string,
): Promise<MemoryEntry> {
  const answer = await apiJson<{ updated: boolean; memory: MemoryEntry }>(pathOf(originalKey, agentId), {
    method: 'PATCH',
    json: input,
  });
  return answer.memory;
}

export async function deleteMemory(key: string, agentId?: string): Promise<void> {
  await apiJson<{ deleted: boolean }>(pathOf(key, agentId), { method: 'DELETE' });
}

/** PATCH /api/memories/preferences: the user's own "Use memory" switch. */
export async function setMemoryPreferences(memories: boolean): Promise<MemoryPreferences> {
  const answer = await apiJson<{ updated: boolean; preferences: MemoryPreferences }>('/api/memories/preferences', {
    method: 'PATCH',
    json: { memories },
  });
  return answer.preferences;
}
