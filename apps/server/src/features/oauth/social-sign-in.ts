import { TEXT_LIMITS, type SocialProvider } from '@confab/shared';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../platform/errors.js';
import { assertNotBanned } from '../auth/auth.service.js';
import { countUsers, findUserByEmail, findUserById, insertUser, type UserRow } from '../users/users.repo.js';
import { OAuthRefusal } from './oauth-errors.js';
import { isEmailDomainAllowed } from '../auth/email-domains.js';
import type { SocialProfile } from './oauth-types.js';
import { findIdentityUserId, insertIdentity, setAvatar } from './identities.repo.js';

export interface SocialPolicy {
  /** ALLOW_SOCIAL_REGISTRATION: a new identity with an unknown email creates an account. */
  registration: boolean;
  /** ALLOW_SOCIAL_ACCOUNT_LINKING: a provider-verified email may sign into the account that has it. */
  linking: boolean;
  /** `registration.allowedDomains`: new accounts only at these domains. */
  allowedDomains?: readonly string[] | undefined;
}

function refuseBanned(user: UserRow): void {
  try {
    assertNotBanned(user);
  } catch (err) {
    if (err instanceof AppError) throw new OAuthRefusal('banned', err.message);
    throw err;
  }
}

/**
 * The account a provider's identity signs into, or a refusal; nothing is stored on a refusal.
 * A known identity signs in. An unknown one never takes over an existing account by email unless
 * the administrator allows linking and the provider vouches for the address. Otherwise a new
 * account, when social registration is on.
 */
export async function resolveSocialUser(
  db: Db,
  provider: SocialProvider,
  profile: SocialProfile,
  policy: SocialPolicy,
): Promise<UserRow> {
  if (!profile.subject) throw new OAuthRefusal('oauth_failed', 'The provider gave no subject');
  const known = await findKnownUser(db, provider, profile.subject);
  if (known) {
    refuseBanned(known);
    return known;
  }
  if (!profile.email) throw new OAuthRefusal('oauth_email_missing');

  const existing = await findUserByEmail(db.kysely, profile.email);
  if (existing) {
    if (!policy.linking || !profile.emailVerified) {
      // With registration off, say what an unknown address would get: the refusal tells nothing more.
      throw new OAuthRefusal(policy.registration ? 'oauth_account_exists' : 'oauth_registration_disabled');
    }
    refuseBanned(existing);
    await insertIdentity(db.kysely, {
      provider,
      subject: profile.subject,
      userId: existing.id,
      email: profile.email,
    }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? new OAuthRefusal('oauth_failed', 'This identity was linked concurrently') : err;
    });
    return existing;
  }
  if (!policy.registration) throw new OAuthRefusal('oauth_registration_disabled');
  if (!isEmailDomainAllowed(profile.email, policy.allowedDomains)) throw new OAuthRefusal('oauth_domain_not_allowed');
  return createSocialUser(db, provider, { ...profile, email: profile.email });
}

async function findKnownUser(db: Db, provider: string, subject: string): Promise<UserRow | undefined> {
  const userId = await findIdentityUserId(db.kysely, provider, subject);
  return userId ? findUserById(db.kysely, userId) : undefined;
}

async function createSocialUser(
  db: Db,
  provider: SocialProvider,
  profile: SocialProfile & { email: string },
): Promise<UserRow> {
  const { email } = profile;
  const localPart = email.split('@')[0] ?? '';
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      // As for a password registration, the first account administers the instance.
      const role = (await countUsers(trx)) === 0 ? 'ADMIN' : 'USER';
      const user = await insertUser(trx, {
        name: (profile.name ?? profile.username ?? localPart).slice(0, TEXT_LIMITS.nameMax),
        username: (profile.username ?? localPart).slice(0, TEXT_LIMITS.usernameMax),
        email,
        passwordHash: null,
        role,
        provider,
        emailVerified: profile.emailVerified,
      });
      await insertIdentity(trx, { provider, subject: profile.subject, userId: user.id, email });
      if (profile.picture) await setAvatar(trx, user.id, profile.picture);
      return { ...user, avatar: profile.picture ?? null };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Two callbacks of one person racing: the first created the account, the second signs into it.
    const raced = await findKnownUser(db, provider, profile.subject);
    if (raced) return raced;
    throw new OAuthRefusal('oauth_account_exists');
  }
}
