import type { MemoryAttachment } from '@confab/shared';

/**
 * What Undo does for a memory the memory step saved or deleted while a reply was written:
 * - `remove`: the key was new, so it goes (DELETE);
 * - `restore`: an existing memory was changed, so its previous value comes back (PATCH);
 * - `recreate`: a memory was deleted, so it is saved again (POST).
 */
export type MemoryUndo = (
  | { kind: 'remove'; key: string }
  | { kind: 'restore'; key: string; value: string }
  | { kind: 'recreate'; key: string; value: string }
) & {
  /** The agent whose own memory it was (per-agent memory); absent for the user's general memory. */
  agentId?: string;
};

/** The undo of one saved memory, or null when a delete did not record the value to put back. */
export function undoOfMemory(memory: MemoryAttachment['memory']): MemoryUndo | null {
  const scope = memory.agentId ? { agentId: memory.agentId } : {};
  if (memory.type === 'delete')
    return memory.value === undefined ? null : { kind: 'recreate', key: memory.key, value: memory.value, ...scope };
  if (memory.previousValue !== undefined)
    return { kind: 'restore', key: memory.key, value: memory.previousValue, ...scope };
  return { kind: 'remove', key: memory.key, ...scope };
}

/** LibreChat's permission each undo needs: putting a memory back creates it; the others change the list. */
export function permissionOfUndo(undo: MemoryUndo): 'CREATE' | 'UPDATE' {
  return undo.kind === 'recreate' ? 'CREATE' : 'UPDATE';
}

/** One memory line of a reply, the same across re-renders and the stored copy of the live reply. */
export function memoryNoteId(attachment: Pick<MemoryAttachment, 'messageId' | 'toolCallId' | 'memory'>): string {
  return `${attachment.messageId}\u0000${attachment.toolCallId}\u0000${attachment.memory.type}\u0000${attachment.memory.key}`;
}
