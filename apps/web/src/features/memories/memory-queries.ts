import type { MemoriesResponse, MemoryEntry } from '@confab/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { createMemory, deleteMemory, fetchMemories, updateMemory } from './memories-api';
import type { MemoryUndo } from './memory-undo';

export const memoryKeys = { all: ['memories'] as const };

export function useMemoriesQuery(isEnabled = true) {
  return useQuery({
    queryKey: memoryKeys.all,
    queryFn: ({ signal }) => fetchMemories(signal),
    enabled: isEnabled,
  });
}

/** Puts a saved memory at the top of the cached list (where GET, newest first, will have it), replacing `replacing`. */
function placeInCache(memory: MemoryEntry, replacing?: string): void {
  queryClient.setQueryData<MemoriesResponse>(memoryKeys.all, (data) =>
    data
      ? {
          ...data,
          memories: [memory, ...data.memories.filter((m) => m.key !== memory.key && m.key !== replacing)],
        }
      : data,
  );
}

function dropFromCache(key: string): void {
  queryClient.setQueryData<MemoriesResponse>(memoryKeys.all, (data) =>
    data ? { ...data, memories: data.memories.filter((m) => m.key !== key) } : data,
  );
}

/** The totals and usage come from the server: refetch them after any change. */
function refreshMemories(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: memoryKeys.all });
}

export interface SaveMemoryInput {
  /** The key being edited; none to add a memory. */
  originalKey?: string | undefined;
  key: string;
  value: string;
}

/** Adds a memory, or edits one (its value, and its key when it changed). The caller shows errors. */
export function useSaveMemory() {
  return useMutation({
    mutationFn: ({ originalKey, key, value }: SaveMemoryInput) =>
      originalKey === undefined
        ? createMemory({ key, value })
        : updateMemory(originalKey, key === originalKey ? { value } : { key, value }),
    onSuccess: (memory, { originalKey }) => {
      placeInCache(memory, originalKey);
      void refreshMemories();
    },
  });
}

export function useDeleteMemory() {
  return useMutation({
    mutationFn: (memory: MemoryEntry) => deleteMemory(memory.key),
    onSuccess: (_, memory) => {
      dropFromCache(memory.key);
      void refreshMemories();
    },
  });
}

/** The API has no "delete all": each memory goes on its own. Answers how many could not be deleted. */
export function useDeleteAllMemories() {
  return useMutation({
    mutationFn: async (keys: readonly string[]) => {
      const results = await Promise.allSettled(keys.map((key) => deleteMemory(key)));
      // One deleted elsewhere meanwhile is gone all the same.
      return results.filter(
        (r) => r.status === 'rejected' && !(r.reason instanceof ApiError && r.reason.status === 404),
      ).length;
    },
    onSettled: () => refreshMemories(),
  });
}

/** Undoes what the memory step did while a reply was written (see memory-undo.ts). */
export async function runMemoryUndo(undo: MemoryUndo): Promise<void> {
  try {
    if (undo.kind === 'remove') {
      await deleteMemory(undo.key, undo.agentId).catch((err: unknown) => {
        // Deleted in Settings meanwhile: the undo's end state is there already.
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      });
    } else if (undo.kind === 'restore') {
      await updateMemory(undo.key, { value: undo.value }, undo.agentId);
    } else {
      await createMemory({ key: undo.key, value: undo.value }, undo.agentId);
    }
  } finally {
    void refreshMemories();
  }
}
