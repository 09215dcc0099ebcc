import {
  MAILED_TOKEN_TTL_MS,
  type AccountSession,
  type ChangeEmailInput,
  type ChangeEmailResponse,
  type ChangePasswordInput,
  type PublicUser,
  type UpdateProfileInput,
} from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../platform/errors.js';
import { nowIso } from '../../platform/ids.js';
import type { MailLanguage } from '../account-email/mail-language.js';
import type { MailOutbox } from '../account-email/mail-outbox.js';
import type { MailKind } from '../account-email/mail-strings.js';
import { renderMail } from '../account-email/mail-templates.js';
import { retireAuthTokens } from '../auth/auth-tokens.repo.js';
import type { AuthService, ClientInfo } from '../auth/auth.service.js';
import { isEmailDomainAllowed } from '../auth/email-domains.js';
import { hashPassword } from '../auth/password.js';
import { findUserByEmail, findUserById, normalizeEmail, toPublicUser, type UserRow } from '../users/users.repo.js';
import { familyOfSession, listLiveFamilies, revokeOtherFamilies, revokeUserFamily } from './account-sessions.repo.js';
import { consumeEmailChange, findPendingEmail, issueEmailChange, retireEmailChanges } from './email-changes.repo.js';
import { describeUserAgent } from './user-agent.js';

export interface AccountSettingsOptions {
  db: Db;
  auth: AuthService;
  /** Present only when mail is configured. */
  outbox: MailOutbox | undefined;
  appTitle: string;
  clientOrigin: string;
}

/** Who asks: the user, their session (the device that stays signed in) and their client. */
export interface AccountCaller {
  userId: string;
  sessionId: string;
  client: ClientInfo;
  language: MailLanguage;
}

type Executor = Kysely<Database> | Transaction<Database>;

const CHECK_NEW_EMAIL = 'Check your new address for a link to confirm it. Until then your account keeps its current email.';

/** Settings → Account (issue 40): password, profile, email change and signed-in devices. */
export class AccountSettingsService {
  constructor(private readonly o: AccountSettingsOptions) {}

  private get kysely() {
    return this.o.db.kysely;
  }

  private async userOf(userId: string): Promise<UserRow> {
    const user = await findUserById(this.kysely, userId);
    if (!user) throw new AppError('unauthorized', 'Session has ended');
    return user;
  }

  /**
   * A new password, the current one required, and every other device signed out (this one
   * stays). With two-factor on no code is asked: the password is not a two-factor setting, the
   * session already passed the second factor, and a new password does not bypass it at sign-in.
   */
  async changePassword(caller: AccountCaller, input: ChangePasswordInput): Promise<{ message: string }> {
    const user = await this.userOf(caller.userId);
    if (!user.password_hash) {
      throw new AppError('conflict', 'This account has no password yet: create one instead.');
    }
    await this.o.auth.verifyCurrentPassword(user, input.currentPassword, caller.client);
    const passwordHash = await hashPassword(input.newPassword);
    const keep = await familyOfSession(this.kysely, caller.sessionId);
    await this.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', user.id).execute();
      await revokeOtherFamilies(trx, user.id, keep);
      // Links and half-done sign-ins that began under the old password end with it.
      await retireAuthTokens(trx, user.id, 'password_reset');
      await retireAuthTokens(trx, user.id, 'two_factor_temp');
    });
    this.mail('password_changed', user.email, user.name, caller.language, `${this.o.clientOrigin}/login`);
    return { message: 'Password changed' };
  }

  /** Name and username. Usernames are not unique, as in LibreChat: sign-in is by email. */
  async updateProfile(userId: string, input: UpdateProfileInput): Promise<PublicUser> {
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.username !== undefined ? { username: input.username } : {}),
      updated_at: nowIso(),
    };
    await this.kysely.updateTable('users').set(changes).where('id', '=', userId).execute();
    return toPublicUser(await this.userOf(userId));
  }

  pendingEmail(userId: string): Promise<string | null> {
    return findPendingEmail(this.kysely, userId);
  }

  /**
   * With mail: a link to the new address, the change applied only when it is opened; the answer
   * is the same whether or not the address belongs to another account (only a free address gets
   * a link), so the form tells nobody who has an account. Without mail, as a registration then
   * needs no verification either, the address changes at once, and a taken one is refused.
   */
  async requestEmailChange(caller: AccountCaller, input: ChangeEmailInput): Promise<ChangeEmailResponse> {
    const user = await this.userOf(caller.userId);
    const newEmail = normalizeEmail(input.email);
    if (!user.password_hash) {
      throw new AppError('conflict', 'Create a password first: changing the email asks for it.');
    }
    await this.o.auth.verifyCurrentPassword(user, input.currentPassword, caller.client);
    if (newEmail === user.email) throw new AppError('validation_error', 'This is already your email address.');
    if (!isEmailDomainAllowed(newEmail, this.o.auth.policy.allowedDomains)) {
      throw new AppError('email_domain_not_allowed', 'The email address provided cannot be used. Please use a different email address.');
    }
    if (!this.o.outbox) {
      await this.applyEmail(user.id, newEmail);
      return { message: 'Email changed', applied: true, pendingEmail: null };
    }
    const isTaken = (await findUserByEmail(this.kysely, newEmail)) !== undefined;
    const token = await issueEmailChange(this.kysely, {
      userId: user.id,
      newEmail,
      ttlMs: MAILED_TOKEN_TTL_MS.email_verification,
    });
    if (!isTaken) {
      const link = `${this.o.clientOrigin}/verify?token=${encodeURIComponent(token)}&email=${encodeURIComponent(newEmail)}&change=1`;
      this.mail('email_change', newEmail, user.name, caller.language, link);
    }
    return { message: CHECK_NEW_EMAIL, applied: false, pendingEmail: newEmail };
  }

  async cancelEmailChange(userId: string): Promise<{ pendingEmail: null }> {
    await retireEmailChanges(this.kysely, userId);
    return { pendingEmail: null };
  }

  /** The mailed link: applies the change once, then tells the old address. */
  async confirmEmailChange(token: string, language: MailLanguage): Promise<{ message: string; email: string }> {
    const outcome = await this.kysely
      .transaction()
      .execute(async (trx) => {
        const change = await consumeEmailChange(trx, token);
        if (!change) throw new AppError('invalid_token', 'Invalid or expired email verification link.');
        const user = await findUserById(trx, change.userId);
        if (!user) throw new AppError('invalid_token', 'Invalid or expired email verification link.');
        await this.applyEmail(user.id, change.newEmail, trx);
        await retireEmailChanges(trx, user.id);
        // A reset link sits in the old mailbox: it must not outlive the address.
        await retireAuthTokens(trx, user.id, 'password_reset');
        return { user, newEmail: change.newEmail };
      });
    this.mail('email_changed', outcome.user.email, outcome.user.name, language, `${this.o.clientOrigin}/login`);
    return { message: 'Email verification was successful', email: outcome.newEmail };
  }

  private async applyEmail(userId: string, email: string, db: Executor = this.kysely): Promise<void> {
    const taken = () => new AppError('email_taken', 'An account with this email already exists.');
    const other = await findUserByEmail(db, email);
    if (other && other.id !== userId) throw taken();
    try {
      await db.updateTable('users').set({ email, email_verified: 1, updated_at: nowIso() }).where('id', '=', userId).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw taken();
      throw err;
    }
  }

  // ── Signed-in devices ──

  async listSessions(caller: Pick<AccountCaller, 'userId' | 'sessionId'>): Promise<AccountSession[]> {
    const [families, current] = await Promise.all([
      listLiveFamilies(this.kysely, caller.userId),
      familyOfSession(this.kysely, caller.sessionId),
    ]);
    return families.map((family) => ({
      id: family.id,
      ...describeUserAgent(family.head.user_agent),
      createdAt: family.createdAt,
      lastActiveAt: family.head.created_at,
      expiresAt: family.head.expires_at,
      isCurrent: family.id === current,
    }));
  }

  /** Another user's device, or one no longer signed in, is "not found": ids are not probed. */
  async endSession(userId: string, familyId: string): Promise<{ message: string }> {
    if (!(await revokeUserFamily(this.kysely, userId, familyId))) throw new AppError('not_found', 'Session not found');
    return { message: 'Session ended' };
  }

  async endOtherSessions(caller: Pick<AccountCaller, 'userId' | 'sessionId'>): Promise<{ message: string }> {
    await revokeOtherFamilies(this.kysely, caller.userId, await familyOfSession(this.kysely, caller.sessionId));
    return { message: 'Other sessions ended' };
  }

  private mail(kind: MailKind, to: string, name: string, language: MailLanguage, link: string): void {
    this.o.outbox?.enqueue(kind, async () =>
      renderMail({ kind, language, to, appTitle: this.o.appTitle, name, link }),
    );
  }
}
