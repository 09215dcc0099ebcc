import type { RegisterInput } from '@confab/shared';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/ids.js';
import { consumeAuthToken, peekAuthToken } from '../../auth/auth-tokens.repo.js';
import { findUserById, normalizeEmail, type UserRow } from '../../users/users.repo.js';

const invalidInvite = () =>
  new AppError('invalid_token', 'This invitation is invalid, used or expired, or for another email address.');

/**
 * Registration with an administrator's invitation (LibreChat's invite `token` of
 * POST /api/auth/register): it works while registration is closed, for the invited address only,
 * once. The invitation made the user row; this gives it the person's name and password, and
 * marks the address verified, as the link came to it.
 */
export async function acceptInvite(
  db: Db,
  input: RegisterInput & { token: string },
  passwordHash: string,
): Promise<UserRow> {
  return db.kysely.transaction().execute(async (trx) => {
    const userId = await peekAuthToken(trx, input.token, 'invite');
    const invited = userId ? await findUserById(trx, userId) : undefined;
    // A wrong address leaves the link for the person it was meant for.
    if (!invited || invited.email !== normalizeEmail(input.email)) throw invalidInvite();
    if ((await consumeAuthToken(trx, input.token, 'invite', invited.id)) !== invited.id) throw invalidInvite();
    const now = nowIso();
    await trx
      .updateTable('users')
      .set({
        name: input.name,
        username: input.username ?? invited.username,
        password_hash: passwordHash,
        email_verified: 1,
        updated_at: now,
      })
      .where('id', '=', invited.id)
      .execute();
    return {
      ...invited,
      name: input.name,
      username: input.username ?? invited.username,
      password_hash: passwordHash,
      email_verified: 1,
      updated_at: now,
    };
  });
}
