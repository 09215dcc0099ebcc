import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../platform/errors.js';
import { nowIso } from '../../platform/ids.js';
import { isEmailDomainAllowed } from '../auth/email-domains.js';
import { findIdentityUserId, insertIdentity } from '../oauth/identities.repo.js';
import { countUsers, findUserByEmail, findUserById, insertUser, type UserRow } from '../users/users.repo.js';
import type { DirectoryProfile } from './ldap-profile.js';

export const LDAP_PROVIDER = 'ldap';

export interface DirectoryAccountPolicy {
  /** `registration.allowedDomains`: checked at every directory sign-in, as LibreChat does. */
  allowedDomains?: readonly string[] | undefined;
}

export interface DirectoryAccountLogger {
  warn(details: object, message: string): void;
}

/**
 * The local account a directory entry signs into, created on the first sign-in (the directory is
 * the gate: no ALLOW_REGISTRATION needed, as in LibreChat) and linked through user_identities by
 * the directory id, never by email. Its name, username and email follow the directory at every
 * sign-in: the directory administrator keeps them.
 *
 * An email that already belongs to an account made another way (a local password, a social
 * sign-in) is refused rather than linked: whoever controls the directory's `mail` attribute would
 * otherwise take over that account, an administrator's included. LibreChat refuses it too (its
 * unique email fails the creation). An account made by directory sign-in (provider ldap) is
 * linked, so changing LDAP_ID does not lock everyone out.
 */
export async function resolveDirectoryUser(
  db: Db,
  profile: DirectoryProfile,
  policy: DirectoryAccountPolicy,
  log: DirectoryAccountLogger,
): Promise<UserRow> {
  if (!isEmailDomainAllowed(profile.email, policy.allowedDomains)) {
    throw new AppError(
      'email_domain_not_allowed',
      'The email address provided cannot be used. Please use a different email address.',
    );
  }
  const attempt = () => db.kysely.transaction().execute((trx) => signInto(trx, profile, log));
  try {
    return await attempt();
  } catch (err) {
    // Two first sign-ins of one person racing: the second finds what the first created.
    if (!isUniqueViolation(err)) throw err;
    return attempt();
  }
}

async function signInto(
  trx: Transaction<Database>,
  profile: DirectoryProfile,
  log: DirectoryAccountLogger,
): Promise<UserRow> {
  const linkedId = await findIdentityUserId(trx, LDAP_PROVIDER, profile.subject);
  const linked = linkedId ? await findUserById(trx, linkedId) : undefined;
  if (linked) return updateFromDirectory(trx, linked, profile, log);

  const sameEmail = await findUserByEmail(trx, profile.email);
  if (sameEmail) {
    if (sameEmail.provider !== LDAP_PROVIDER) {
      throw new AppError(
        'email_taken',
        'An account with this email already exists and signs in another way. Please ask an administrator.',
      );
    }
    await insertIdentity(trx, {
      provider: LDAP_PROVIDER,
      subject: profile.subject,
      userId: sameEmail.id,
      email: profile.email,
    });
    return updateFromDirectory(trx, sameEmail, profile, log);
  }

  // As for every other way in, the first account administers the instance.
  const role = (await countUsers(trx)) === 0 ? 'ADMIN' : 'USER';
  const user = await insertUser(trx, {
    name: profile.name,
    username: profile.username,
    email: profile.email,
    passwordHash: null,
    role,
    provider: LDAP_PROVIDER,
    // The directory's administrator vouches for the address (LibreChat marks it verified too).
    emailVerified: true,
  });
  await insertIdentity(trx, {
    provider: LDAP_PROVIDER,
    subject: profile.subject,
    userId: user.id,
    email: profile.email,
  });
  return user;
}

async function updateFromDirectory(
  trx: Transaction<Database>,
  user: UserRow,
  profile: DirectoryProfile,
  log: DirectoryAccountLogger,
): Promise<UserRow> {
  let email = profile.email;
  if (email !== user.email) {
    const holder = await findUserByEmail(trx, email);
    if (holder && holder.id !== user.id) {
      // The directory's new address belongs to another account: keep the old one rather than fail the sign-in.
      log.warn({ userId: user.id }, 'LDAP: the directory email belongs to another account; the old one is kept');
      email = user.email;
    }
  }
  const changes = {
    name: profile.name,
    username: profile.username,
    email,
    email_verified: 1,
    updated_at: nowIso(),
  };
  const unchanged =
    user.name === changes.name &&
    user.username === changes.username &&
    user.email === changes.email &&
    user.email_verified === 1;
  if (unchanged) return user;
  await trx.updateTable('users').set(changes).where('id', '=', user.id).execute();
  return { ...user, ...changes };
}
