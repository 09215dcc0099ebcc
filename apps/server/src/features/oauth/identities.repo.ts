import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The user a provider's identity is signed into: by subject, never by email. */
export async function findIdentityUserId(db: Executor, provider: string, subject: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertIdentity(
  db: Executor,
  identity: { provider: string; subject: string; userId: string; email: string | undefined },
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({
      provider: identity.provider,
      subject: identity.subject,
      user_id: identity.userId,
      email: identity.email ?? null,
      created_at: nowIso(),
    })
    .execute();
}

export async function setAvatar(db: Executor, userId: string, avatar: string): Promise<void> {
  await db.updateTable('users').set({ avatar, updated_at: nowIso() }).where('id', '=', userId).execute();
}
