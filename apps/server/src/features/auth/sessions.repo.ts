import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.js';
import { newId, nowIso, randomToken, sha256 } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type SessionRow = SessionsTable;

export interface IssuedRefresh {
  session: SessionRow;
  /** The opaque token for the cookie; only its hash is stored. */
  token: string;
}

export async function insertSession(
  db: Executor,
  input: { userId: string; familyId?: string; ttlMs: number; userAgent?: string | undefined },
): Promise<IssuedRefresh> {
  const token = randomToken(32);
  const now = Date.now();
  const session: SessionRow = {
    id: newId(),
    user_id: input.userId,
    family_id: input.familyId ?? newId(),
    token_hash: sha256(token),
    expires_at: new Date(now + input.ttlMs).toISOString(),
    created_at: new Date(now).toISOString(),
    rotated_at: null,
    revoked_at: null,
    user_agent: input.userAgent?.slice(0, 512) ?? null,
  };
  await db.insertInto('sessions').values(session).execute();
  return { session, token };
}

export function findSessionByToken(db: Executor, token: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
}

export function findSessionById(db: Executor, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks the session as exchanged, only if nobody did so first: the conditional update is
 * what makes two concurrent refreshes with one token count as reuse.
 */
export async function markRotated(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ rotated_at: nowIso() })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllForUser(db: Executor, userId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
