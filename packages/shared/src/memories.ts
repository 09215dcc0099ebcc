import { z } from 'zod';

/** LibreChat's key limit on the memories API; values are limited by the config's `memory.charLimit`. */
export const MEMORY_KEY_MAX = 1000;
/** LibreChat's `memory.charLimit` when the config sets none. */
export const DEFAULT_MEMORY_CHAR_LIMIT = 10_000;

const memoryKey = z
  .string({ error: 'Key is required and must be a non-empty string.' })
  .trim()
  .min(1, 'Key is required and must be a non-empty string.')
  .max(MEMORY_KEY_MAX, `Key exceeds maximum length of ${MEMORY_KEY_MAX} characters.`);
const memoryValue = z
  .string({ error: 'Value is required and must be a non-empty string.' })
  .trim()
  .min(1, 'Value is required and must be a non-empty string.');

/** POST /api/memories (LibreChat's body). */
export const createMemorySchema = z.object({ key: memoryKey, value: memoryValue }).strict();
/** PATCH /api/memories/:key: a `key` different from the path's renames the memory, as in LibreChat. */
export const updateMemorySchema = z.object({ key: memoryKey.optional(), value: memoryValue }).strict();
/** PATCH /api/memories/preferences: the user's switch (LibreChat's `personalization.memories`). */
export const memoryPreferencesSchema = z.object({ memories: z.boolean({ error: 'memories must be a boolean value.' }) }).strict();

export type CreateMemoryInput = z.infer<typeof createMemorySchema>;
export type UpdateMemoryInput = z.infer<typeof updateMemorySchema>;

/** One memory as LibreChat's API returns it. */
export interface MemoryEntry {
  key: string;
  value: string;
  tokenCount: number;
  updated_at: string;
}

/** GET /api/memories: newest first, with the usage against the configured limits. */
export interface MemoriesResponse {
  memories: MemoryEntry[];
  totalTokens: number;
  /** `memory.tokenLimit`, or null without one. */
  tokenLimit: number | null;
  charLimit: number;
  /** Percent of tokenLimit used (0-100), or null without a token limit. */
  usagePercentage: number | null;
}

export interface MemoryPreferences {
  memories: boolean;
}
