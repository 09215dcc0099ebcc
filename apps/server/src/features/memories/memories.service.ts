import {
  DEFAULT_MEMORY_CHAR_LIMIT,
  type CreateMemoryInput,
  type MemoriesResponse,
  type MemoryEntry,
  type MemoryPreferences,
  type UpdateMemoryInput,
} from '@confab/shared';
import type { MemoryConfig } from '../../config/memory-config-schema.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../platform/errors.js';
import { countTokens } from '../tokenizer/count-tokens.js';
import {
  deleteMemoryRow,
  GENERAL_SCOPE,
  insertMemory,
  listMemoryRows,
  lockUserMemories,
  readMemoryPreference,
  updateMemoryRow,
  writeMemoryPreference,
  type MemoryRow,
} from './memories.repo.js';

const toEntry = (row: Pick<MemoryRow, 'key' | 'value' | 'token_count' | 'updated_at'>): MemoryEntry => ({
  key: row.key,
  value: row.value,
  tokenCount: row.token_count,
  updated_at: row.updated_at,
});

const duplicateKey = () => new AppError('conflict', 'Memory with this key already exists.');
const notFound = () => new AppError('not_found', 'Memory not found.');

/**
 * LibreChat's memories API (issue 41): a user's key/value facts, within the config's `memory`
 * limits. Every read and write is scoped to the caller, so another user's memory is a 404.
 */
export class MemoriesService {
  constructor(
    private readonly db: Db,
    private readonly config: MemoryConfig | undefined,
  ) {}

  private get charLimit(): number {
    return this.config?.charLimit ?? DEFAULT_MEMORY_CHAR_LIMIT;
  }

  private get tokenLimit(): number | undefined {
    return this.config?.tokenLimit;
  }

  /** `memory.disabled: true` turns the whole API off. */
  assertEnabled(): void {
    if (this.config?.disabled) throw new AppError('forbidden', 'Memory is disabled.');
  }

  /** Whether the user's own switch lets memory run: always on where `personalize` is off (they cannot opt out). */
  async isOnFor(userId: string): Promise<boolean> {
    if (this.config?.disabled) return false;
    if (this.config?.personalize === false) return true;
    return readMemoryPreference(this.db.kysely, userId);
  }

  /** The memories of one scope as the model reads them (none from a memory off). */
  rows(userId: string, agentId: string = GENERAL_SCOPE): Promise<MemoryRow[]> {
    return listMemoryRows(this.db.kysely, userId, agentId);
  }

  async list(userId: string, agentId: string = GENERAL_SCOPE): Promise<MemoriesResponse> {
    const rows = await listMemoryRows(this.db.kysely, userId, agentId);
    const totalTokens = rows.reduce((sum, row) => sum + row.token_count, 0);
    const tokenLimit = this.tokenLimit ?? null;
    return {
      memories: rows.map(toEntry),
      totalTokens,
      tokenLimit,
      charLimit: this.charLimit,
      usagePercentage: tokenLimit ? Math.min(100, Math.round((totalTokens / tokenLimit) * 100)) : null,
    };
  }

  async create(userId: string, input: CreateMemoryInput, agentId: string = GENERAL_SCOPE): Promise<MemoryEntry> {
    const tokenCount = await this.checkedTokens(input.key, input.value);
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        await lockUserMemories(trx, this.db.dialect, userId);
        const rows = await listMemoryRows(trx, userId, agentId);
        if (rows.some((row) => row.key === input.key)) throw duplicateKey();
        this.assertWithinTokenLimit(rows, tokenCount);
        return toEntry(await insertMemory(trx, { userId, agentId, key: input.key, value: input.value, tokenCount }));
      });
    } catch (err) {
      // A save of the same key at the same moment (SQLite has no row lock to wait on).
      if (isUniqueViolation(err)) throw duplicateKey();
      throw err;
    }
  }

  /** Changes a memory's value, and its key when the body names another one (LibreChat's rename). */
  async update(
    userId: string,
    pathKey: string,
    input: UpdateMemoryInput,
    agentId: string = GENERAL_SCOPE,
  ): Promise<MemoryEntry> {
    const key = input.key ?? pathKey;
    const tokenCount = await this.checkedTokens(key, input.value);
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        await lockUserMemories(trx, this.db.dialect, userId);
        const rows = await listMemoryRows(trx, userId, agentId);
        const existing = rows.find((row) => row.key === pathKey);
        if (!existing) throw notFound();
        if (key !== pathKey && rows.some((row) => row.key === key)) throw duplicateKey();
        this.assertWithinTokenLimit(
          rows.filter((row) => row !== existing),
          tokenCount,
        );
        const updatedAt = await updateMemoryRow(trx, existing.id, { key, value: input.value, tokenCount });
        return toEntry({ key, value: input.value, token_count: tokenCount, updated_at: updatedAt });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateKey();
      throw err;
    }
  }

  async delete(userId: string, key: string, agentId: string = GENERAL_SCOPE): Promise<void> {
    if (!(await deleteMemoryRow(this.db.kysely, userId, key, agentId))) throw notFound();
  }

  /**
   * The memory step's `set_memory`: saves the key, new or changed, within the same limits as the
   * API. Answers the entry and the value it replaced (what Undo puts back).
   */
  async save(
    userId: string,
    key: string,
    value: string,
    agentId: string = GENERAL_SCOPE,
  ): Promise<{ memory: MemoryEntry; previousValue?: string }> {
    const tokenCount = await this.checkedTokens(key, value);
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        await lockUserMemories(trx, this.db.dialect, userId);
        const rows = await listMemoryRows(trx, userId, agentId);
        const existing = rows.find((row) => row.key === key);
        this.assertWithinTokenLimit(
          rows.filter((row) => row !== existing),
          tokenCount,
        );
        if (!existing) return { memory: toEntry(await insertMemory(trx, { userId, agentId, key, value, tokenCount })) };
        const updatedAt = await updateMemoryRow(trx, existing.id, { key, value, tokenCount });
        return {
          memory: toEntry({ key, value, token_count: tokenCount, updated_at: updatedAt }),
          previousValue: existing.value,
        };
      });
    } catch (err) {
      // The same key saved at the same moment elsewhere (SQLite has no row lock to wait on).
      if (isUniqueViolation(err)) throw duplicateKey();
      throw err;
    }
  }

  /** The memory step's `delete_memory`: the removed value (what Undo puts back), or a 404. */
  async remove(userId: string, key: string, agentId: string = GENERAL_SCOPE): Promise<string> {
    const row = await deleteMemoryRow(this.db.kysely, userId, key, agentId);
    if (!row) throw notFound();
    return row.value;
  }

  async preferences(userId: string): Promise<MemoryPreferences> {
    return { memories: await readMemoryPreference(this.db.kysely, userId) };
  }

  async setPreferences(userId: string, memories: boolean): Promise<MemoryPreferences> {
    await writeMemoryPreference(this.db.kysely, userId, memories);
    return { memories };
  }

  /** The key allowed by `validKeys`, the value within `charLimit`: then its tokens. */
  private async checkedTokens(key: string, value: string): Promise<number> {
    const validKeys = this.config?.validKeys;
    if (validKeys?.length && !validKeys.includes(key)) {
      throw new AppError('validation_error', `Key must be one of: ${validKeys.join(', ')}.`, { validKeys });
    }
    if (value.length > this.charLimit) {
      throw new AppError(
        'validation_error',
        `Value exceeds maximum length of ${this.charLimit} characters. Current length: ${value.length} characters.`,
      );
    }
    return countTokens(value);
  }

  private assertWithinTokenLimit(others: MemoryRow[], tokenCount: number): void {
    const limit = this.tokenLimit;
    if (!limit) return;
    const used = others.reduce((sum, row) => sum + row.token_count, 0);
    if (used + tokenCount > limit) {
      throw new AppError(
        'validation_error',
        `Saving this memory would exceed the token limit of ${limit}. Current usage: ${used} tokens.`,
        { tokenLimit: limit, totalTokens: used },
      );
    }
  }
}
