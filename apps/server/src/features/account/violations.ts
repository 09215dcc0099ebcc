import type { ViolationType } from '@confab/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { newId } from '../../platform/ids.js';
import { revokeAllForUser } from '../auth/sessions.repo.js';

export interface Violation {
  /** Without a user (a refused login or registration) the row is kept for the record and never bans. */
  userId?: string | null;
  ip?: string | null;
  type: ViolationType;
  /** Defaults to the type's score from the env (LibreChat's *_VIOLATION_SCORE names), else 1. */
  score?: number;
  details?: Record<string, unknown>;
}

/**
 * Scores only add up over this window, and never across a ban that has ended: a user who served
 * a ban starts again from zero rather than being banned again by their first slip.
 */
export const BAN_WINDOW_MS = 24 * 60 * 60 * 1000;

export function defaultScore(env: Env, type: ViolationType): number {
  switch (type) {
    case 'logins':
      return env.LOGIN_VIOLATION_SCORE;
    case 'registrations':
      return env.REGISTRATION_VIOLATION_SCORE;
    case 'illegal_model_request':
      return env.ILLEGAL_MODEL_REQ_SCORE;
    case 'concurrent':
      return env.CONCURRENT_VIOLATION_SCORE;
    case 'message_limit':
      return env.MESSAGE_VIOLATION_SCORE;
    case 'tool_call_limit':
      return env.TOOL_CALL_VIOLATION_SCORE;
    default:
      return 1;
  }
}

/**
 * Records one violation (SPEC 8) and, when BAN_VIOLATIONS is on, bans the user once their score
 * in the window reaches BAN_INTERVAL: banned_until = now + BAN_DURATION, ban_reason = the type,
 * and every session revoked so the ban holds at once. As in LibreChat, a BAN_DURATION of 0 still
 * ends the sessions (a "soft" ban) without blocking the next sign-in.
 */
export async function recordViolation(db: Db, env: Env, v: Violation): Promise<void> {
  const score = v.score ?? defaultScore(env, v.type);
  const now = new Date();
  const userId = v.userId ?? null;
  await db.kysely
    .insertInto('violations')
    .values({
      id: newId(),
      user_id: userId,
      ip: v.ip ?? null,
      type: v.type,
      score,
      details: JSON.stringify(v.details ?? {}),
      created_at: now.toISOString(),
    })
    .execute();
  if (!env.BAN_VIOLATIONS || !userId || score <= 0) return;

  const user = await db.kysely.selectFrom('users').select(['banned_until']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const nowIso = now.toISOString();
  // Already banned: the running ban stands; counting on would only lengthen it.
  if (user.banned_until && user.banned_until > nowIso) return;
  const windowStart = new Date(now.getTime() - BAN_WINDOW_MS).toISOString();
  const since = user.banned_until && user.banned_until > windowStart ? user.banned_until : windowStart;
  const row = await db.kysely
    .selectFrom('violations')
    .select((eb) => eb.fn.sum<number | string | null>('score').as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  if (Number(row?.total ?? 0) < env.BAN_INTERVAL) return;

  await banUser(db, userId, { durationMs: env.BAN_DURATION, reason: v.type });
}

/**
 * Sets or lifts (durationMs 0 with `lift`) a ban and revokes the user's sessions. A ban of 0 ms
 * without `lift` only ends the sessions. `alsoInTransaction` runs in the change's transaction
 * (an administrator's audit row, issue 40).
 */
export async function banUser(
  db: Db,
  userId: string,
  ban: { durationMs: number; reason?: string | null; lift?: boolean },
  alsoInTransaction?: (trx: Transaction<Database>, bannedUntil: string | null) => Promise<void>,
): Promise<{ bannedUntil: string | null }> {
  const now = Date.now();
  const bannedUntil = ban.durationMs > 0 ? new Date(now + ban.durationMs).toISOString() : null;
  await db.kysely.transaction().execute(async (trx) => {
    if (bannedUntil || ban.lift) {
      await trx
        .updateTable('users')
        .set({
          banned_until: bannedUntil,
          ban_reason: bannedUntil ? (ban.reason ?? null) : null,
          updated_at: new Date(now).toISOString(),
        })
        .where('id', '=', userId)
        .execute();
    }
    if (!ban.lift) await revokeAllForUser(trx, userId);
    await alsoInTransaction?.(trx, bannedUntil);
  });
  return { bannedUntil };
}
