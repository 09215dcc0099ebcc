import {
  type EnableTwoFactorResponse,
  type RegenerateBackupCodesResponse,
  type TwoFactorCodeInput,
} from '@confab/shared';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { decryptSecret, encryptSecret } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { Limiter, LimiterFactory } from '../../platform/limiter.js';
import { nowIso } from '../../platform/ids.js';
import { consumeAuthToken, peekAuthToken } from '../auth/auth-tokens.repo.js';
import { assertNotBanned, type AuthService, type ClientInfo, type SignedIn } from '../auth/auth.service.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import { markBackupCodeUsed, newBackupCodes, parseBackupCodes } from './backup-codes.js';
import { matchTotpStep, newTotpSecret, totpUri } from './totp.js';
import {
  claimTotpStep,
  clearTwoFactor,
  consumeStepUp,
  grantStepUp,
  savePendingSetup,
  swapBackupCodes,
  type Executor,
} from './two-factor.repo.js';

/** How long a /verify lets the same session disable or regenerate without sending the code again. */
const STEP_UP_TTL_MS = 5 * 60 * 1000;

export interface TwoFactorOptions {
  db: Db;
  auth: AuthService;
  credsKey: string;
  limiter: LimiterFactory;
  /** The issuer shown in authenticator apps (the app title). */
  issuer: string;
  /** Wrong codes allowed per account and per address within `windowMinutes` (TWO_FACTOR_* env). */
  limits: { perAccount: number; perIp: number; windowMinutes: number };
  /** Told when a caller is refused for too many wrong codes (the violation count). */
  onLimited?: (userId: string, client: ClientInfo) => Promise<void>;
}

/** Who is asking, as the authenticated routes know it. */
export interface Caller {
  userId: string;
  sessionId: string;
  client: ClientInfo;
}

const state = (message: string) => new AppError('two_factor_state', message);
const invalidCode = () => new AppError('invalid_two_factor_code', 'Invalid two-factor code.');
const invalidTempToken = () => new AppError('invalid_temp_token', 'This sign-in has expired. Please sign in again.');

export class TwoFactorService {
  private readonly perAccount: Limiter;
  private readonly perIp: Limiter;

  constructor(private readonly opts: TwoFactorOptions) {
    const { perAccount, perIp, windowMinutes } = opts.limits;
    const durationSeconds = windowMinutes * 60;
    this.perAccount = opts.limiter({ keyPrefix: 'two_factor_account', points: perAccount, durationSeconds });
    this.perIp = opts.limiter({ keyPrefix: 'two_factor_ip', points: perIp, durationSeconds });
  }

  private get db() {
    return this.opts.db.kysely;
  }

  /** GET /enable: a new secret and codes, stored but not yet on (confirm turns it on). */
  async enable(userId: string): Promise<EnableTwoFactorResponse> {
    const user = await this.userOf(userId);
    // Accounts that sign in with a password: a local one, or a directory's (LDAP).
    if (user.provider !== 'local' && user.provider !== 'ldap') {
      throw new AppError('two_factor_not_available', 'Two-factor authentication is only for accounts with a password.');
    }
    if (user.two_factor_enabled === 1) throw state('Two-factor authentication is already enabled.');
    const secret = newTotpSecret();
    const { codes, stored } = newBackupCodes();
    const saved = await savePendingSetup(this.db, userId, {
      encryptedSecret: encryptSecret(secret, this.opts.credsKey),
      backupCodes: stored,
    });
    if (!saved) throw state('Two-factor authentication is already enabled.');
    return { otpauthUrl: totpUri(secret, this.opts.issuer, user.email), backupCodes: codes };
  }

  /**
   * POST /confirm: the first code from the app turns two-factor on. The session gets the same
   * step-up as a /verify: the setup dialog, closed on its backup-codes step, rolls back with it.
   */
  async confirm(caller: Caller, token: string): Promise<void> {
    const user = await this.userOf(caller.userId);
    if (user.two_factor_enabled === 1) throw state('Two-factor authentication is already enabled.');
    if (!user.totp_secret) throw state('Start the two-factor setup first.');
    const secret = user.totp_secret;
    await this.withAttempts(user, caller.client, async () => {
      const step = await matchTotpStep(this.decrypt(secret), token, user.totp_last_step);
      return step !== undefined && claimTotpStep(this.db, user.id, { step, encryptedSecret: secret, enable: true });
    });
    await this.grantStepUp(caller);
  }

  /**
   * POST /verify. With two-factor on, the code is spent and the session may disable or
   * regenerate once in the next minutes. During setup it only proves the app shows the right
   * code (LibreChat's dialog verifies, then confirms with the same code), so nothing is spent.
   */
  async verify(caller: Caller, input: TwoFactorCodeInput): Promise<void> {
    const user = await this.userOf(caller.userId);
    if (user.two_factor_enabled !== 1) {
      const secret = user.totp_secret;
      if (!secret) throw state('Two-factor authentication is not enabled.');
      await this.withAttempts(user, caller.client, async () =>
        input.token
          ? (await matchTotpStep(this.decrypt(secret), input.token, user.totp_last_step)) !== undefined
          : false,
      );
      return;
    }
    await this.withAttempts(user, caller.client, () => this.spendFactor(user, input));
    await this.grantStepUp(caller);
  }

  private async grantStepUp(caller: Caller): Promise<void> {
    try {
      await grantStepUp(this.db, caller.userId, caller.sessionId, STEP_UP_TTL_MS);
    } catch (err) {
      // Two verifies of one session at once: the other one granted it.
      if (!isUniqueViolation(err)) throw err;
    }
  }

  /** POST /verify-temp: the second factor of a password login; the temp token is used up on success. */
  async verifyTemp(input: TwoFactorCodeInput & { tempToken: string }, client: ClientInfo): Promise<SignedIn> {
    const userId = await peekAuthToken(this.db, input.tempToken, 'two_factor_temp');
    if (!userId) throw invalidTempToken();
    const user = await findUserById(this.db, userId);
    if (!user || user.two_factor_enabled !== 1) throw invalidTempToken();
    assertNotBanned(user);
    await this.withAttempts(user, client, () =>
      // The code and the temp token are spent together or not at all.
      this.db.transaction().execute(async (trx) => {
        if (!(await this.spendFactor(user, input, trx))) return false;
        if (!(await consumeAuthToken(trx, input.tempToken, 'two_factor_temp', user.id))) throw invalidTempToken();
        return true;
      }),
    );
    return this.opts.auth.startSession(await this.userOf(user.id), client);
  }

  /**
   * POST /disable. With two-factor on it needs a current code (in the body or by a /verify just
   * before); a setup left half way (secret stored, never confirmed) is rolled back without one.
   */
  async disable(caller: Caller, input: TwoFactorCodeInput | undefined): Promise<void> {
    const user = await this.userOf(caller.userId);
    if (user.two_factor_enabled !== 1) {
      if (!user.totp_secret) throw state('Two-factor authentication is not enabled.');
      await clearTwoFactor(this.db, user.id, 0);
      return;
    }
    await this.requireCurrentFactor(user, caller, input);
    if (!(await clearTwoFactor(this.db, user.id, 1))) throw state('Two-factor authentication is not enabled.');
  }

  /** POST /backup/regenerate: new codes for a current code; the old ones stop working. */
  async regenerateBackupCodes(
    caller: Caller,
    input: TwoFactorCodeInput | undefined,
  ): Promise<RegenerateBackupCodesResponse> {
    const user = await this.userOf(caller.userId);
    if (user.two_factor_enabled !== 1) throw state('Two-factor authentication is not enabled.');
    await this.requireCurrentFactor(user, caller, input);
    const { codes, stored } = newBackupCodes();
    const fresh = await this.userOf(user.id);
    if (fresh.two_factor_enabled !== 1 || !(await swapBackupCodes(this.db, user.id, fresh.backup_codes, stored))) {
      throw state('Two-factor authentication changed meanwhile; try again.');
    }
    return { backupCodes: codes, backupCodesHash: stored };
  }

  /** A code in the body is checked and spent; without one, the session's step-up is used up. */
  private async requireCurrentFactor(user: UserRow, caller: Caller, input: TwoFactorCodeInput | undefined) {
    if (input) {
      await this.withAttempts(user, caller.client, () => this.spendFactor(user, input));
      return;
    }
    if (!(await consumeStepUp(this.db, user.id, caller.sessionId))) {
      throw new AppError('invalid_two_factor_code', 'Enter a current two-factor code to continue.');
    }
  }

  /**
   * Spends a TOTP code (its time step is claimed) or a backup code (marked used by
   * compare-and-set). False when the code is wrong, replayed or already used.
   */
  private async spendFactor(user: UserRow, input: TwoFactorCodeInput, db: Executor = this.db): Promise<boolean> {
    if (input.token) {
      const secret = user.totp_secret;
      if (!secret) return false;
      const step = await matchTotpStep(this.decrypt(secret), input.token, user.totp_last_step);
      return step !== undefined && claimTotpStep(db, user.id, { step, encryptedSecret: secret });
    }
    if (!input.backupCode) return false;
    const next = markBackupCodeUsed(parseBackupCodes(user.backup_codes), input.backupCode, nowIso());
    return next !== undefined && swapBackupCodes(db, user.id, user.backup_codes, next);
  }

  /**
   * Runs a code check under the wrong-code limits, per account and per IP. Past the limit even a
   * right code is refused before anything is checked or spent; a wrong code counts against both.
   */
  private async withAttempts(user: UserRow, client: ClientInfo, check: () => Promise<boolean>): Promise<void> {
    const wait = Math.max(await this.perAccount.check(user.id), await this.perIp.check(client.ip));
    if (wait) {
      await this.opts.onLimited?.(user.id, client);
      throw new AppError(
        'rate_limited',
        `Too many two-factor attempts, please try again in ${Math.max(1, Math.ceil(wait / 60))} minute(s).`,
        { retryAfter: wait },
      );
    }
    if (await check()) {
      await this.perAccount.reset(user.id);
      return;
    }
    await Promise.all([this.perAccount.consume(user.id), this.perIp.consume(client.ip)]);
    throw invalidCode();
  }

  private decrypt(encrypted: string): string {
    return decryptSecret(encrypted, this.opts.credsKey);
  }

  private async userOf(userId: string): Promise<UserRow> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('unauthorized', 'User not found');
    return user;
  }
}
