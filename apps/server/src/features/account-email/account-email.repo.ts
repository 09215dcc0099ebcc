import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function markEmailVerified(db: Executor, userId: string): Promise<void> {
  await db.updateTable('users').set({ email_verified: 1, updated_at: nowIso() }).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** Sets a first password; false when the account already has one (two tabs racing included). */
export async function createPasswordHash(db: Executor, userId: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('password_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
