import { createMemorySchema, MEMORY_ATTACHMENT, MEMORY_KEY_MAX, type MemoryAttachment } from '@confab/shared';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { ProviderTool, ProviderToolResult } from '../../providers/types.js';
import type { MemoriesService } from './memories.service.js';

/** LibreChat's memory tools, by their names. */
export const SET_MEMORY_TOOL = 'set_memory';
export const DELETE_MEMORY_TOOL = 'delete_memory';

const deleteMemorySchema = z.object({ key: z.string().trim().min(1).max(MEMORY_KEY_MAX) });

interface MemoryToolScope {
  userId: string;
  /** The agent whose own memory is written, or '' for the user's general memory. */
  agentId: string;
  conversationId: string;
  messageId: string;
  validKeys?: readonly string[] | undefined;
  /** Receives each change made, as the reply's attachment. */
  onChange(attachment: MemoryAttachment): void;
}

const refused = (text: string): ProviderToolResult => ({ text, isError: true });

/** A refusal (over the limit, a key not allowed…) goes back to the model as the tool's result. */
const reasonOf = (err: unknown): string => (err instanceof AppError ? err.message : 'The memory could not be saved.');

/**
 * `set_memory {key, value}` and `delete_memory {key}` as the memory step's model calls them
 * (LibreChat's names and arguments), applied through the memories service, so the limits the API
 * enforces hold here too. Each change is reported as a MemoryAttachment for the reply.
 */
export function memoryTools(memories: MemoriesService, scope: MemoryToolScope): ProviderTool[] {
  const keyHint = scope.validKeys?.length ? ` The key must be one of: ${scope.validKeys.join(', ')}.` : '';
  const attachment = (toolCallId: string, memory: MemoryAttachment['memory']): MemoryAttachment => ({
    type: MEMORY_ATTACHMENT,
    messageId: scope.messageId,
    toolCallId,
    conversationId: scope.conversationId,
    memory: { ...memory, ...(scope.agentId ? { agentId: scope.agentId } : {}) },
  });

  const setMemory: ProviderTool = {
    name: SET_MEMORY_TOOL,
    description: `Saves a short fact about the user under a key, replacing the key's earlier value.${keyHint}`,
    inputSchema: {
      type: 'object',
      properties: {
        key: { type: 'string', description: 'The key to identify this memory.' },
        value: { type: 'string', description: 'A concise fact about the user, in a sentence or less.' },
      },
      required: ['key', 'value'],
    },
    async execute(input, call) {
      const parsed = createMemorySchema.safeParse(input);
      if (!parsed.success) return refused(`Invalid arguments: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      const { key, value } = parsed.data;
      try {
        const saved = await memories.save(scope.userId, key, value, scope.agentId);
        // Saved again as it was: nothing for the reply to show (or to undo).
        if (saved.previousValue !== value)
          scope.onChange(
            attachment(call.toolCallId, {
              type: 'update',
              key,
              value,
              tokenCount: saved.memory.tokenCount,
              ...(saved.previousValue !== undefined ? { previousValue: saved.previousValue } : {}),
            }),
          );
        return { text: `Memory set for key "${key}".` };
      } catch (err) {
        return refused(reasonOf(err));
      }
    },
  };

  const deleteMemory: ProviderTool = {
    name: DELETE_MEMORY_TOOL,
    description: 'Deletes the memory saved under a key, when the user asks to forget it.',
    inputSchema: {
      type: 'object',
      properties: { key: { type: 'string', description: 'The key of the memory to delete.' } },
      required: ['key'],
    },
    async execute(input, call) {
      const parsed = deleteMemorySchema.safeParse(input);
      if (!parsed.success) return refused('Invalid arguments: a key is required.');
      const { key } = parsed.data;
      try {
        const value = await memories.remove(scope.userId, key, scope.agentId);
        scope.onChange(attachment(call.toolCallId, { type: 'delete', key, value }));
        return { text: `Memory deleted for key "${key}".` };
      } catch (err) {
        return refused(
          err instanceof AppError && err.code === 'not_found' ? `No memory is saved under "${key}".` : reasonOf(err),
        );
      }
    },
  };

  return [setMemory, deleteMemory];
}
