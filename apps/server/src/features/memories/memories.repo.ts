import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, MemoriesTable } from '../../db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type MemoryRow = Selectable<MemoriesTable>;

/** The user's general memory: no agent's own. */
export const GENERAL_SCOPE = '';

/** A user's memories in one scope (general, or one agent's), newest change first (LibreChat's order). */
export function listMemoryRows(db: Executor, userId: string, agentId: string = GENERAL_SCOPE): Promise<MemoryRow[]> {
  return db
    .selectFrom('memories')
    .selectAll()
    .where('user_id', '=', userId)
    .where('agent_id', '=', agentId)
    .orderBy('updated_at', 'desc')
    .orderBy('key')
    .execute();
}

/**
 * Serialises a user's memory writes on PostgreSQL (the user's row locked for the transaction), so
 * two saves at once cannot both pass the token limit. SQLite runs one write transaction at a time.
 */
export async function lockUserMemories(trx: Transaction<Database>, dialect: Dialect, userId: string): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function insertMemory(
  db: Executor,
  row: { userId: string; agentId: string; key: string; value: string; tokenCount: number },
): Promise<MemoryRow> {
  const now = nowIso();
  const inserted: MemoryRow = {
    id: newId(),
    user_id: row.userId,
    agent_id: row.agentId,
    key: row.key,
    value: row.value,
    token_count: row.tokenCount,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('memories').values(inserted).execute();
  return inserted;
}

export async function updateMemoryRow(
  db: Executor,
  id: string,
  change: { key: string; value: string; tokenCount: number },
): Promise<string> {
  const updatedAt = nowIso();
  await db
    .updateTable('memories')
    .set({ key: change.key, value: change.value, token_count: change.tokenCount, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
  return updatedAt;
}

/** The deleted memory, when the user had one under this key in this scope. */
export async function deleteMemoryRow(db: Executor, userId: string, key: string, agentId: string = GENERAL_SCOPE): Promise<MemoryRow | undefined> {
  const scoped = db.selectFrom('memories').selectAll().where('user_id', '=', userId).where('agent_id', '=', agentId).where('key', '=', key);
  const row = await scoped.executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom('memories').where('id', '=', row.id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? row : undefined;
}

/** The user's switch; on when never set (LibreChat's default). */
export async function readMemoryPreference(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('memory_preferences').select('memories').where('user_id', '=', userId).executeTakeFirst();
  return row ? row.memories === 1 : true;
}

export async function writeMemoryPreference(db: Executor, userId: string, enabled: boolean): Promise<void> {
  const values = { user_id: userId, memories: enabled ? 1 : 0, updated_at: nowIso() };
  await db
    .insertInto('memory_preferences')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ memories: values.memories, updated_at: values.updated_at }))
    .execute();
}
