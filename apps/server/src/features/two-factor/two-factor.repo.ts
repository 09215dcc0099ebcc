import type { BackupCodeStatus } from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId, nowIso, sha256 } from '../../platform/ids.js';

export type Executor = Kysely<Database> | Transaction<Database>;

const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

/**
 * Stores a pending setup: the encrypted secret and the hashed backup codes, two-factor still off
 * until a first code confirms it. Refused (false) when two-factor is already on.
 */
export async function savePendingSetup(
  db: Executor,
  userId: string,
  setup: { encryptedSecret: string; backupCodes: BackupCodeStatus[] },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      totp_secret: setup.encryptedSecret,
      backup_codes: JSON.stringify(setup.backupCodes),
      totp_last_step: null,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .where('two_factor_enabled', '=', 0)
    .executeTakeFirstOrThrow();
  return changed(result);
}

/**
 * Claims a TOTP time step: succeeds only when it is later than the stored one and the secret is
 * still the one the code was checked against. The database decides, so two requests with one
 * code (even at the same instant) succeed once. `enable` turns two-factor on in the same update.
 */
export async function claimTotpStep(
  db: Executor,
  userId: string,
  claim: { step: number; encryptedSecret: string; enable?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: claim.step, ...(claim.enable ? { two_factor_enabled: 1 } : {}), updated_at: nowIso() })
    .where('id', '=', userId)
    .where('totp_secret', '=', claim.encryptedSecret)
    .where('two_factor_enabled', '=', claim.enable ? 0 : 1)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', claim.step)]))
    .executeTakeFirstOrThrow();
  return changed(result);
}

/**
 * Replaces the stored backup codes only if they are still `expected` (compare-and-set): of two
 * requests spending one code, the second finds the list changed and fails.
 */
export async function swapBackupCodes(
  db: Executor,
  userId: string,
  expected: string,
  next: BackupCodeStatus[],
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ backup_codes: JSON.stringify(next), updated_at: nowIso() })
    .where('id', '=', userId)
    .where('backup_codes', '=', expected)
    .executeTakeFirstOrThrow();
  return changed(result);
}

/** Two-factor off: secret, codes and the last step go, so a later setup starts clean. */
export async function clearTwoFactor(db: Executor, userId: string, onlyIfEnabled: 0 | 1): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_enabled: 0, totp_secret: null, backup_codes: '[]', totp_last_step: null, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('two_factor_enabled', '=', onlyIfEnabled)
    .executeTakeFirstOrThrow();
  return changed(result);
}

/*
 * Step-up: a /verify with a current code lets the same session disable two-factor or regenerate
 * the backup codes right after, once. LibreChat's client sends those two calls without a body
 * (its dialog verifies first), so the proof of a current code has to outlive the /verify call.
 * The row is named by the session, never handed to the client.
 */
const stepUpKey = (sessionId: string) => sha256(`two_factor_step_up:${sessionId}`);

export async function grantStepUp(db: Executor, userId: string, sessionId: string, ttlMs: number): Promise<void> {
  const now = Date.now();
  await db.deleteFrom('auth_tokens').where('token_hash', '=', stepUpKey(sessionId)).execute();
  await db
    .insertInto('auth_tokens')
    .values({
      id: newId(),
      user_id: userId,
      kind: 'two_factor_step_up',
      token_hash: stepUpKey(sessionId),
      expires_at: new Date(now + ttlMs).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
}

/** Uses up the session's step-up; false when there is none, it expired, or it was used. */
export async function consumeStepUp(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', stepUpKey(sessionId))
    .where('kind', '=', 'two_factor_step_up')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return changed(result);
}
