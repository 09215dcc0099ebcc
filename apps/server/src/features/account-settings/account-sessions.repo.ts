import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface SessionFamily {
  /** The family id: what a signed-in device is called across its token rotations. */
  id: string;
  head: SessionsTable;
  /** When the device signed in (the family's first row). */
  createdAt: string;
}

/**
 * A user's live signed-in devices. Each refresh adds a row to its family, so a device is its
 * family's newest, unexchanged, unrevoked and unexpired row, and its sign-in the family's first.
 */
export async function listLiveFamilies(db: Executor, userId: string): Promise<SessionFamily[]> {
  const heads = await db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('rotated_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .execute();
  if (heads.length === 0) return [];
  const firsts = await db
    .selectFrom('sessions')
    .select(['family_id', (eb) => eb.fn.min<string>('created_at').as('first')])
    .where('user_id', '=', userId)
    .where(
      'family_id',
      'in',
      heads.map((h) => h.family_id),
    )
    .groupBy('family_id')
    .execute();
  const firstOf = new Map(firsts.map((f) => [f.family_id, f.first]));
  // Two live heads of one family cannot exist (rotation is a compare-and-set); keep the newest anyway.
  const seen = new Set<string>();
  return heads.flatMap((head) => {
    if (seen.has(head.family_id)) return [];
    seen.add(head.family_id);
    return [{ id: head.family_id, head, createdAt: firstOf.get(head.family_id) ?? head.created_at }];
  });
}

export async function familyOfSession(db: Executor, sessionId: string): Promise<string | undefined> {
  const row = await db.selectFrom('sessions').select('family_id').where('id', '=', sessionId).executeTakeFirst();
  return row?.family_id;
}

/** Ends one device of this user; false when it is not theirs or no longer signed in. */
export async function revokeUserFamily(db: Executor, userId: string, familyId: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every device of this user but the one named (the caller's own). */
export async function revokeOtherFamilies(db: Executor, userId: string, keepFamilyId: string | undefined): Promise<number> {
  let query = db.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
