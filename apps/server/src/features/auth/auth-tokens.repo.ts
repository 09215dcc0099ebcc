import type { Kysely, Transaction } from 'kysely';
import type { AuthTokensTable, Database } from '../../db/schema.js';
import { newId, nowIso, randomToken, sha256 } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type AuthTokenKind = AuthTokensTable['kind'];

/**
 * Single-use secrets handed to a person (a mailed link, the two-factor temp token). Only the
 * SHA-256 of the token is stored, so a read of the table gives nothing usable. Issuing one of a
 * kind retires the user's earlier ones of that kind: only the newest link works.
 */
export async function issueAuthToken(
  db: Executor,
  input: { userId: string; kind: AuthTokenKind; ttlMs: number },
): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await db
    .updateTable('auth_tokens')
    .set({ used_at: new Date(now).toISOString() })
    .where('user_id', '=', input.userId)
    .where('kind', '=', input.kind)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('auth_tokens')
    .values({
      id: newId(),
      user_id: input.userId,
      kind: input.kind,
      token_hash: sha256(token),
      expires_at: new Date(now + input.ttlMs).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return token;
}

/** The live token's user, without using it up (a form that checks a link before showing). */
export async function peekAuthToken(db: Executor, token: string, kind: AuthTokenKind): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_tokens')
    .select(['user_id'])
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Uses the token up and returns its user, or undefined when it is unknown, of another kind or
 * user, expired or already used. The conditional update is what makes two concurrent uses of one
 * token succeed once.
 */
export async function consumeAuthToken(
  db: Executor,
  token: string,
  kind: AuthTokenKind,
  expectedUserId?: string,
): Promise<string | undefined> {
  const now = nowIso();
  let query = db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (expectedUserId !== undefined) query = query.where('user_id', '=', expectedUserId);
  const row = await query.returning(['user_id']).executeTakeFirst();
  return row?.user_id;
}

/** Retires every live token of a kind of a user (a password reset ends other reset links). */
export async function retireAuthTokens(db: Executor, userId: string, kind: AuthTokenKind): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}
