import {
  TWO_FACTOR,
  type AuthResponse,
  type LoginInput,
  type RegisterInput,
  type TwoFactorPendingResponse,
} from '@confab/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Limiter } from '../../platform/limiter.js';
import { findUserByEmail, findUserById, insertUser, toPublicUser, type UserRow } from '../users/users.repo.js';
import { getDummyHash, hashPassword, verifyPassword } from './password.js';
import { issueAuthToken } from './auth-tokens.repo.js';
import { isEmailDomainAllowed } from './email-domains.js';
import { findSessionById, findSessionByToken, insertSession, markRotated, revokeFamily } from './sessions.repo.js';
import type { AccessTokens } from './tokens.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { MailLanguage } from '../account-email/mail-language.js';
import { acceptInvite } from '../admin/users/invites.js';

export interface AuthPolicy {
  registrationEnabled: boolean;
  emailLoginEnabled: boolean;
  refreshTtlMs: number;
  /** `registration.allowedDomains`: new accounts only at these domains (all when absent). */
  allowedDomains?: readonly string[] | undefined;
  /** Mail is configured and ALLOW_UNVERIFIED_EMAIL_LOGIN is not on: unverified accounts get 422. */
  requireVerifiedEmail?: boolean;
}

export interface AuthLimiters {
  loginPerIp: Limiter;
  loginPerEmail: Limiter;
  registerPerIp: Limiter;
}

export interface SignedIn extends AuthResponse {
  refreshToken: string;
  refreshExpiresAt: Date;
}

export function isSignedIn(outcome: SignedIn | TwoFactorPendingResponse): outcome is SignedIn {
  return !('twoFAPending' in outcome);
}

/** 403 banned while a ban runs (SPEC 8's login message); every way of signing in checks it. */
export function assertNotBanned(user: Pick<UserRow, 'banned_until'>): void {
  if (user.banned_until && user.banned_until > new Date().toISOString()) {
    throw new AppError('banned', 'Your account has been temporarily banned.');
  }
}

/**
 * What a registration mails, set by the account-email feature when mail is configured. Both
 * queue their mail and return at once: the answer must not wait on (or time) a send.
 */
export interface RegistrationMail {
  /** A new account whose address is to be verified. */
  verifyNewAccount(user: UserRow, language: MailLanguage): void;
  /** Someone registered with the address of an existing account: its owner is told, the caller is not. */
  notifyExistingAccount(user: UserRow, language: MailLanguage): void;
}

/** A registration that did not sign in: the address must be verified first (LibreChat's answer). */
export interface RegistrationPending {
  message: string;
}

export const REGISTRATION_PENDING_MESSAGE = 'Please check your email to verify your email address.';

/**
 * A password sign-in checked by a directory (LDAP): the local account of the entry whose password
 * it is (created or linked on the first sign-in), undefined for a wrong password or an unknown
 * name, or an AppError (the directory unreachable).
 */
export interface DirectoryLogin {
  /** LDAP_LOGIN_USES_USERNAME: people type a user name, and the refusal says so. */
  usesUsername: boolean;
  signIn(login: string, password: string): Promise<UserRow | undefined>;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}

function rateLimited(seconds: number): AppError {
  return new AppError(
    'rate_limited',
    `Too many attempts, please try again in ${Math.max(1, Math.ceil(seconds / 60))} minute(s).`,
    {
      retryAfter: seconds,
    },
  );
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    readonly policy: AuthPolicy,
    private readonly limiters: AuthLimiters,
  ) {}

  private registrationMail: RegistrationMail | undefined;

  /** Directory sign-in (features/ldap), set when LDAP_URL is: it replaces the local password check. */
  directoryLogin: DirectoryLogin | undefined;

  /** Mail configured: new accounts start unverified and get a link; see `register`. */
  setRegistrationMail(mail: RegistrationMail): void {
    this.registrationMail = mail;
  }

  /**
   * With mail configured, a new account starts unverified and is mailed a link. When sign-in
   * also requires a verified address, nobody is signed in here, and an address that already has
   * an account gets the same answer (its owner gets a mail instead): the answer cannot tell
   * the two apart. Otherwise a taken address is refused, as without mail there is no one to tell.
   */
  async register(
    input: RegisterInput,
    client: ClientInfo,
    language: MailLanguage = 'en',
  ): Promise<SignedIn | RegistrationPending> {
    // An administrator's invitation (issue 40) opens registration for its one address, even closed.
    if (input.token) {
      const wait = await this.limiters.registerPerIp.consume(client.ip);
      if (wait) throw rateLimited(wait);
      const invited = await acceptInvite(this.db, { ...input, token: input.token }, await hashPassword(input.password));
      assertNotBanned(invited);
      return this.startSession(invited, client);
    }
    if (!this.policy.registrationEnabled) throw new AppError('registration_disabled', 'Registration is not allowed.');
    if (!isEmailDomainAllowed(input.email, this.policy.allowedDomains)) {
      throw new AppError(
        'email_domain_not_allowed',
        'The email address provided cannot be used. Please use a different email address.',
      );
    }
    const wait = await this.limiters.registerPerIp.consume(client.ip);
    if (wait) throw rateLimited(wait);
    // Hashed before the address is looked up, so a taken address costs the same time.
    const passwordHash = await hashPassword(input.password);
    const mail = this.registrationMail;
    const hidesTakenEmail = Boolean(mail && this.policy.requireVerifiedEmail);
    const pending = { message: REGISTRATION_PENDING_MESSAGE };
    const emailTaken = () => new AppError('email_taken', 'An account with this email already exists.');
    const outcome = await this.db.kysely
      .transaction()
      .execute(async (trx): Promise<{ existing?: UserRow; created?: UserRow }> => {
        const existing = await findUserByEmail(trx, input.email);
        if (existing) {
          if (!hidesTakenEmail) throw emailTaken();
          // A write that changes nothing: the commit of a new account (a flushed write) is the
          // slowest part of this request, and a taken address must cost the same.
          await trx
            .updateTable('users')
            .set({ updated_at: existing.updated_at })
            .where('id', '=', existing.id)
            .execute();
          return { existing };
        }
        // The first account administers the instance (any row answers; a count would grow with the table).
        const isFirst = (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) === undefined;
        const role = isFirst ? 'ADMIN' : 'USER';
        const created = await insertUser(trx, {
          name: input.name,
          username: input.username ?? '',
          email: input.email,
          passwordHash,
          role,
          emailVerified: !mail,
        });
        return { created };
      })
      .catch((err: unknown): { existing?: UserRow; created?: UserRow } => {
        // Two registrations of one email racing: the second is refused like any other.
        if (!isUniqueViolation(err)) throw err;
        if (hidesTakenEmail) return {};
        throw emailTaken();
      });
    if (outcome.existing) mail?.notifyExistingAccount(outcome.existing, language);
    if (!outcome.created) return pending;
    if (mail) mail.verifyNewAccount(outcome.created, language);
    if (this.policy.requireVerifiedEmail && mail) return pending;
    return this.startSession(outcome.created, client);
  }

  async login(input: LoginInput, client: ClientInfo): Promise<SignedIn | TwoFactorPendingResponse> {
    if (!this.policy.emailLoginEnabled) throw new AppError('email_login_disabled', 'Email login is not allowed.');
    const emailKey = input.email.trim().toLowerCase();
    const ipWait = await this.limiters.loginPerIp.consume(client.ip);
    if (ipWait) throw rateLimited(ipWait);
    const emailWait = await this.limiters.loginPerEmail.check(emailKey);
    if (emailWait) throw rateLimited(emailWait);

    // With directory sign-in on (LDAP_URL), the directory alone judges the password, as in LibreChat.
    const user = this.directoryLogin
      ? await this.directoryLogin.signIn(input.email.trim(), input.password)
      : await this.checkLocalPassword(emailKey, input.password);
    if (!user) {
      await this.limiters.loginPerEmail.consume(emailKey);
      const what = this.directoryLogin?.usesUsername ? 'Username' : 'Email';
      throw new AppError('invalid_credentials', `${what} or password is incorrect.`);
    }
    assertNotBanned(user);
    await this.limiters.loginPerEmail.reset(emailKey);
    if (this.policy.requireVerifiedEmail && user.email_verified !== 1) {
      throw new AppError('email_not_verified', 'Your email has not been verified. Please check your inbox.');
    }
    // The password is right; with two-factor on it only earns a short-lived single-use temp token.
    if (user.two_factor_enabled === 1) {
      const tempToken = await issueAuthToken(this.db.kysely, {
        userId: user.id,
        kind: 'two_factor_temp',
        ttlMs: TWO_FACTOR.tempTokenTtlMs,
      });
      return { twoFAPending: true, tempToken };
    }
    return this.startSession(user, client);
  }

  /** The account whose local password this is; a missing account costs the same hashing time. */
  private async checkLocalPassword(emailKey: string, password: string): Promise<UserRow | undefined> {
    const user = await findUserByEmail(this.db.kysely, emailKey);
    const isValid = user?.password_hash
      ? await verifyPassword(user.password_hash, password)
      : (await verifyPassword(await getDummyHash(), password), false);
    return isValid ? user : undefined;
  }

  /**
   * The current password, asked again before a password or email change (issue 40, Settings →
   * Account). A wrong one counts toward the account's and the IP's login limits, as a failed
   * sign-in does, so the form is no way around them.
   */
  async verifyCurrentPassword(user: UserRow, password: string, client: ClientInfo): Promise<void> {
    const emailKey = user.email.trim().toLowerCase();
    const wait = Math.max(await this.limiters.loginPerEmail.check(emailKey), await this.limiters.loginPerIp.check(client.ip));
    if (wait) throw rateLimited(wait);
    const isValid = user.password_hash ? await verifyPassword(user.password_hash, password) : false;
    if (isValid) return;
    await Promise.all([this.limiters.loginPerEmail.consume(emailKey), this.limiters.loginPerIp.consume(client.ip)]);
    throw new AppError('wrong_current_password', 'The current password is incorrect.');
  }

  /** Exchanges a refresh token for a new pair. Reusing an exchanged token revokes its whole family. */
  async refresh(refreshToken: string, client: ClientInfo): Promise<SignedIn> {
    const session = await findSessionByToken(this.db.kysely, refreshToken);
    if (!session || session.revoked_at) throw new AppError('unauthorized', 'Invalid refresh token');
    if (session.expires_at <= new Date().toISOString()) throw new AppError('unauthorized', 'Refresh token expired');
    if (session.rotated_at || !(await markRotated(this.db.kysely, session.id))) {
      await revokeFamily(this.db.kysely, session.family_id);
      throw new AppError('unauthorized', 'Refresh token was already used; all sessions of this sign-in were ended.');
    }
    const user = await findUserById(this.db.kysely, session.user_id);
    if (!user) throw new AppError('unauthorized', 'Invalid refresh token');
    if (user.banned_until && user.banned_until > new Date().toISOString())
      await revokeFamily(this.db.kysely, session.family_id);
    assertNotBanned(user);
    return this.startSession(user, client, session.family_id);
  }

  /**
   * Ends the session named by the refresh cookie (the browser) and the one named by a valid
   * bearer token (clients without cookies, such as LibreChat's data service in Node): after
   * logout the access token is refused at once, not when it expires.
   */
  async logout(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
    const fromCookie = refreshToken ? await findSessionByToken(this.db.kysely, refreshToken) : undefined;
    if (fromCookie) await revokeFamily(this.db.kysely, fromCookie.family_id);
    const claims = accessToken ? await this.tokens.verify(accessToken).catch(() => undefined) : undefined;
    if (!claims) return;
    const fromBearer = await findSessionById(this.db.kysely, claims.sessionId);
    if (fromBearer && fromBearer.user_id === claims.id && fromBearer.family_id !== fromCookie?.family_id) {
      await revokeFamily(this.db.kysely, fromBearer.family_id);
    }
  }

  /**
   * A new session (access token and refresh token) for a user whose every factor was checked:
   * the password login, the second factor, a passkey or a social sign-in end here.
   */
  async startSession(user: UserRow, client: ClientInfo, familyId?: string): Promise<SignedIn> {
    const { session, token: refreshToken } = await insertSession(this.db.kysely, {
      userId: user.id,
      ...(familyId ? { familyId } : {}),
      ttlMs: this.policy.refreshTtlMs,
      userAgent: client.userAgent,
    });
    const token = await this.tokens.sign({ id: user.id, sessionId: session.id });
    return { token, user: toPublicUser(user), refreshToken, refreshExpiresAt: new Date(session.expires_at) };
  }
}
