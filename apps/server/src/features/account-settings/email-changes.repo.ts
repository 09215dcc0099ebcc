import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId, nowIso, randomToken, sha256 } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Retires the user's earlier requests and stores a new one; returns the token for the link. */
export async function issueEmailChange(db: Executor, input: { userId: string; newEmail: string; ttlMs: number }): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await retireEmailChanges(db, input.userId);
  await db
    .insertInto('email_changes')
    .values({
      id: newId(),
      user_id: input.userId,
      new_email: input.newEmail,
      token_hash: sha256(token),
      expires_at: new Date(now + input.ttlMs).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return token;
}

export async function retireEmailChanges(db: Executor, userId: string): Promise<void> {
  await db.updateTable('email_changes').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** The address still waiting for its link, if any. */
export async function findPendingEmail(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_changes')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.new_email ?? null;
}

/**
 * Uses the link up: the conditional update makes two openings of one link succeed once. Returns
 * the user and the new address, or undefined when the token is unknown, used or expired.
 */
export async function consumeEmailChange(db: Executor, token: string): Promise<{ userId: string; newEmail: string } | undefined> {
  const now = nowIso();
  const row = await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, newEmail: row.new_email } : undefined;
}
