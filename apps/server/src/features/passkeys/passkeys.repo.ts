import type { PasskeySummary } from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database, PasskeysTable, WebauthnChallengesTable } from '../../db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';

type Db = Kysely<Database>;
export type PasskeyRow = PasskeysTable;
export type ChallengeKind = WebauthnChallengesTable['kind'];

export function toSummary(row: PasskeyRow): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    deviceType: row.device_type,
    backedUp: row.backed_up === 1,
  };
}

export function transportsOf(row: PasskeyRow): string[] {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Stores the challenge of a ceremony. Expired challenges of anyone are swept on the way: sign-in
 * options are asked for without an account, so nothing else would ever remove them.
 */
export async function insertChallenge(
  db: Db,
  input: { userId: string | null; kind: ChallengeKind; challenge: string; ttlMs: number },
): Promise<string> {
  const now = Date.now();
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', new Date(now).toISOString()).execute();
  const id = newId();
  await db
    .insertInto('webauthn_challenges')
    .values({
      id,
      user_id: input.userId,
      kind: input.kind,
      challenge: input.challenge,
      expires_at: new Date(now + input.ttlMs).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return id;
}

/**
 * Takes a challenge out (deleted whatever follows), so each is answered at most once: the delete
 * is what two concurrent answers race on, and only one gets the row back. An expired one is
 * removed too but not returned. The caller checks the user it was issued for.
 */
export async function consumeChallenge(
  db: Db,
  id: string,
  kind: ChallengeKind,
): Promise<{ challenge: string; userId: string | null } | undefined> {
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('id', '=', id)
    .where('kind', '=', kind)
    .returning(['challenge', 'expires_at', 'user_id'])
    .executeTakeFirst();
  return row && row.expires_at > nowIso() ? { challenge: row.challenge, userId: row.user_id } : undefined;
}

/** Every live registration challenge of a user, taken out at once: one answer ends the ceremony. */
export async function consumeRegistrationChallenges(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('webauthn_challenges')
    .where('user_id', '=', userId)
    .where('kind', '=', 'registration')
    .returning(['challenge', 'expires_at'])
    .execute();
  const now = nowIso();
  return rows.filter((r) => r.expires_at > now).map((r) => r.challenge);
}

export function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPasskey(db: Db, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPasskey(db: Db, row: Omit<PasskeyRow, 'created_at' | 'last_used_at'>): Promise<PasskeyRow> {
  const full: PasskeyRow = { ...row, created_at: nowIso(), last_used_at: null };
  await db.insertInto('passkeys').values(full).execute();
  return full;
}

/**
 * Records a use. Conditional on the counter read before verifying: of two assertions verified
 * at once against the same stored counter, only one moves it.
 */
export async function recordUse(db: Db, row: PasskeyRow, newCounter: number, backedUp: boolean): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, backed_up: backedUp ? 1 : 0, last_used_at: nowIso() })
    .where('id', '=', row.id)
    .where('counter', '=', row.counter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).execute();
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
