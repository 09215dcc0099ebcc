import type { Kysely } from 'kysely';
import type { Database, UserKeysTable } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';

export type UserKeyRow = UserKeysTable;

export function findUserKey(db: Kysely<Database>, userId: string, name: string): Promise<UserKeyRow | undefined> {
  return db.selectFrom('user_keys').selectAll().where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
}

export async function upsertUserKey(db: Kysely<Database>, userId: string, name: string, value: string, expiresAt: string | null): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('user_keys')
    .values({ user_id: userId, name, value, expires_at: expiresAt, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ value, expires_at: expiresAt, updated_at: now }))
    .execute();
}

export async function deleteUserKeys(db: Kysely<Database>, userId: string, name?: string): Promise<number> {
  let query = db.deleteFrom('user_keys').where('user_id', '=', userId);
  if (name !== undefined) query = query.where('name', '=', name);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
