import { MAILED_TOKEN_TTL_MS, type PublicUser } from '@confab/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import { newId, randomToken } from '../../platform/ids.js';
import type { Limiter } from '../../platform/limiter.js';
import { consumeAuthToken, issueAuthToken, retireAuthTokens } from '../auth/auth-tokens.repo.js';
import type { RegistrationMail } from '../auth/auth.service.js';
import { hashPassword } from '../auth/password.js';
import { revokeAllForUser } from '../auth/sessions.repo.js';
import { findUserByEmail, findUserById, toPublicUser, type UserRow } from '../users/users.repo.js';
import { createPasswordHash, markEmailVerified, setPasswordHash } from './account-email.repo.js';
import type { MailLanguage } from './mail-language.js';
import type { MailOutbox } from './mail-outbox.js';
import type { MailKind } from './mail-strings.js';
import { renderMail } from './mail-templates.js';

/** LibreChat's wording, so its clients show what they always showed. */
export const CHECK_EMAIL_MESSAGE = 'Please check your email to verify your email address.';
const RESET_SENT_MESSAGE = 'If an account with that email exists, a password reset link has been sent to it.';
const RESET_LINK_MESSAGE = 'If an account with that email exists, this link resets its password.';

/** Well above a token write on a healthy database, short enough not to be noticed by a person. */
const LINK_ANSWER_FLOOR_MS = 25;

function waitUntil(at: number): Promise<void> {
  const ms = at - performance.now();
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

export type LimitType = 'verify_email_limit' | 'reset_password_limit';

export interface AccountEmailOptions {
  db: Db;
  /** Present only when mail is configured. */
  outbox: MailOutbox | undefined;
  appTitle: string;
  clientOrigin: string;
  isPasswordResetEnabled: boolean;
  limiters: Record<LimitType, { perIp: Limiter; perEmail: Limiter }>;
  /** Counts a limit hit towards automatic bans, when that feature is there. */
  onLimited?: (type: LimitType, ip: string) => Promise<void>;
}

export interface Requester {
  ip: string;
  language: MailLanguage;
}

/** Email verification, password reset and create password (issue 22); every answer is the same for any address. */
export class AccountEmailService implements RegistrationMail {
  constructor(private readonly o: AccountEmailOptions) {}

  // ── Registration (called by AuthService.register; the mail goes out after the answer) ──

  verifyNewAccount(user: UserRow, language: MailLanguage): void {
    this.mailVerificationLink(user, language);
  }

  notifyExistingAccount(user: UserRow, language: MailLanguage): void {
    // An owner who never verified most likely lost the first mail: a fresh link serves them best.
    if (user.email_verified !== 1) this.mailVerificationLink(user, language);
    else this.mail('existing_account', user, language, async () => `${this.o.clientOrigin}/login`);
  }

  // ── Email verification ──

  async verifyEmail(input: { email: string; token: string }): Promise<{ message: string }> {
    const user = await findUserByEmail(this.o.db.kysely, input.email);
    // The same statement runs for an unknown address, against an id no token has.
    const userId = await consumeAuthToken(this.o.db.kysely, input.token, 'email_verification', user?.id ?? newId());
    if (!user || userId !== user.id) {
      throw new AppError('invalid_token', 'Invalid or expired email verification link.');
    }
    await markEmailVerified(this.o.db.kysely, user.id);
    return { message: 'Email verification was successful' };
  }

  async resendVerification(email: string, by: Requester): Promise<{ message: string }> {
    await this.limit('verify_email_limit', by.ip, email);
    const user = await findUserByEmail(this.o.db.kysely, email);
    if (user && user.email_verified !== 1) this.mailVerificationLink(user, by.language);
    return { message: CHECK_EMAIL_MESSAGE };
  }

  // ── Password reset ──

  async requestPasswordReset(email: string, by: Requester): Promise<{ message: string; link?: string }> {
    this.assertResetEnabled();
    await this.limit('reset_password_limit', by.ip, email);
    const user = await findUserByEmail(this.o.db.kysely, email);
    if (this.o.outbox) {
      if (user) this.mail('password_reset', user, by.language, (u) => this.issueResetLink(u.id));
      return { message: RESET_SENT_MESSAGE };
    }
    // No mail server (SPEC 2): the link is the answer. An unknown address gets one of the same
    // shape that names no user and no token, so the answer does not tell the two apart; and as
    // only a real link costs a write, both answers wait to the same floor.
    const startedAt = performance.now();
    const link = user ? await this.issueResetLink(user.id) : this.resetLink(newId(), randomToken(32));
    await waitUntil(startedAt + LINK_ANSWER_FLOOR_MS);
    return { message: RESET_LINK_MESSAGE, link };
  }

  /** Sets the new password and ends every session; never signs in, so two-factor still stands. */
  async resetPassword(
    input: { userId: string; token: string; password: string },
    language: MailLanguage,
  ): Promise<{ message: string }> {
    this.assertResetEnabled();
    const kysely = this.o.db.kysely;
    // The token first: a wrong link costs no password hash.
    const userId = await consumeAuthToken(kysely, input.token, 'password_reset', input.userId);
    const user = userId ? await findUserById(kysely, userId) : undefined;
    if (!user) throw new AppError('invalid_token', 'Invalid or expired password reset token');
    const passwordHash = await hashPassword(input.password);
    await kysely.transaction().execute(async (trx) => {
      await setPasswordHash(trx, user.id, passwordHash);
      await revokeAllForUser(trx, user.id);
      await retireAuthTokens(trx, user.id, 'password_reset');
      // A sign-in waiting for its second factor began with the old password.
      await retireAuthTokens(trx, user.id, 'two_factor_temp');
      // A mailed link proves the mailbox; a link handed out in the answer (no mail) proves nothing.
      if (this.o.outbox) await markEmailVerified(trx, user.id);
    });
    this.mail('password_changed', user, language, async () => `${this.o.clientOrigin}/login`);
    return { message: 'Password reset was successful' };
  }

  // ── Create password (an account that signs in with a provider) ──

  async createPassword(userId: string, password: string): Promise<{ message: string; user: PublicUser }> {
    const kysely = this.o.db.kysely;
    const user = await findUserById(kysely, userId);
    if (!user) throw new AppError('unauthorized', 'Session has ended');
    const exists = () => new AppError('password_exists', 'This account already has a password.');
    if (user.password_hash) throw exists();
    if (!(await createPasswordHash(kysely, user.id, await hashPassword(password)))) throw exists();
    const updated = await findUserById(kysely, user.id);
    return { message: 'Password created', user: toPublicUser(updated ?? user) };
  }

  // ── Helpers ──

  private assertResetEnabled(): void {
    if (!this.o.isPasswordResetEnabled) {
      throw new AppError('password_reset_disabled', 'Password reset is not allowed on this server.');
    }
  }

  /** Counts the request against the IP and the address (the same for every address) and refuses past the limit. */
  private async limit(type: LimitType, ip: string, email: string): Promise<void> {
    const { perIp, perEmail } = this.o.limiters[type];
    const waits = await Promise.all([perIp.consume(ip), perEmail.consume(email.trim().toLowerCase())]);
    const wait = Math.max(...waits);
    if (!wait) return;
    await this.o.onLimited?.(type, ip).catch(() => undefined);
    const minutes = Math.max(1, Math.ceil(wait / 60));
    const what = type === 'verify_email_limit' ? 'verification email' : 'password reset';
    throw new AppError('rate_limited', `Too many ${what} requests, please try again in ${minutes} minute(s).`, {
      type,
      retryAfter: wait,
    });
  }

  private mailVerificationLink(user: UserRow, language: MailLanguage): void {
    this.mail('verify_email', user, language, async (u) => {
      const token = await issueAuthToken(this.o.db.kysely, {
        userId: u.id,
        kind: 'email_verification',
        ttlMs: MAILED_TOKEN_TTL_MS.email_verification,
      });
      return `${this.o.clientOrigin}/verify?token=${encodeURIComponent(token)}&email=${encodeURIComponent(u.email)}`;
    });
  }

  private async issueResetLink(userId: string): Promise<string> {
    const token = await issueAuthToken(this.o.db.kysely, {
      userId,
      kind: 'password_reset',
      ttlMs: MAILED_TOKEN_TTL_MS.password_reset,
    });
    return this.resetLink(userId, token);
  }

  private resetLink(userId: string, token: string): string {
    return `${this.o.clientOrigin}/reset-password?token=${encodeURIComponent(token)}&userId=${encodeURIComponent(userId)}`;
  }

  /** Queues a mail to `user`; its link (and token) is made when the mail is composed, after the answer. */
  private mail(kind: MailKind, user: UserRow, language: MailLanguage, linkFor: (u: UserRow) => Promise<string>): void {
    const { outbox } = this.o;
    if (!outbox) return;
    outbox.enqueue(kind, async () =>
      renderMail({
        kind,
        language,
        to: user.email,
        appTitle: this.o.appTitle,
        name: user.name,
        link: await linkFor(user),
      }),
    );
  }
}
