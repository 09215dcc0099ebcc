import {
  INVITE_TTL_MS,
  type AdminCredits,
  type AdminCreditsResponse,
  type AdminUser,
  type AdminUsersPage,
  type AdminUsersQuery,
  type CreateAdminUserResponse,
  type Role,
} from '@confab/shared';
import type { Transaction } from 'kysely';
import type { AppConfig } from '../../../config/config-schema.js';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import { AppError } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/ids.js';
import { deleteAccount } from '../../account/delete-account.js';
import { banUser } from '../../account/violations.js';
import { issueAuthToken, retireAuthTokens } from '../../auth/auth-tokens.repo.js';
import { hashPassword } from '../../auth/password.js';
import { revokeAllForUser } from '../../auth/sessions.repo.js';
import { credit, tryDebit } from '../../balance/ledger.js';
import { prepareBalance } from '../../balance/refill.js';
import type { FilesService } from '../../files/files.service.js';
import { findUserByEmail, insertUser, type UserRow } from '../../users/users.repo.js';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action.js';
import { countAdmins, findAdminUser, listAdminUsers, recentTransactions } from './admin-users.repo.js';

type Trx = Transaction<Database>;

export type NewAccount =
  | {
      mode: 'password';
      name: string;
      username?: string | undefined;
      email: string;
      password: string;
      emailVerified: boolean;
      role: Role;
    }
  | { mode: 'invite'; email: string; name?: string | undefined; role: Role };

export interface AdminUsersDeps {
  db: Db;
  config: AppConfig;
  files: FilesService;
  clientOrigin: string;
  /** Mails an invitation's link; absent without a mail server (the link is answered instead). */
  mailInvite?: ((user: UserRow, link: string) => void) | undefined;
}

const notFound = () => new AppError('not_found', 'User not found');

/**
 * What an administrator (or the command line) does to accounts (issue 40). Each change and its
 * audit row commit together; the routes and the scripts share these, so both record the same.
 */
export class AdminUsersService {
  constructor(private readonly d: AdminUsersDeps) {}

  private get balanceView() {
    return { enabled: this.d.config.balance.enabled, startBalance: this.d.config.balance.startBalance };
  }

  list(q: AdminUsersQuery): Promise<AdminUsersPage> {
    return listAdminUsers(this.d.db.kysely, q, this.balanceView);
  }

  async get(id: string): Promise<AdminUser> {
    const user = await findAdminUser(this.d.db.kysely, id, this.balanceView);
    if (!user) throw notFound();
    return user;
  }

  private async target(trx: Trx | Db['kysely'], id: string): Promise<UserRow> {
    const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  private audit(
    trx: Trx,
    actor: AuditActor,
    action: Parameters<typeof recordAdminAction>[1]['action'],
    user: UserRow,
    details?: Record<string, unknown>,
  ) {
    return recordAdminAction(trx, { actor, action, target: { type: 'user', id: user.id, label: user.email }, details });
  }

  /** A new account: with a password, or invited (a user row without one, and a mailed single-use link). */
  async create(actor: AuditActor, input: NewAccount): Promise<CreateAdminUserResponse> {
    // Hashed outside the transaction: it is the slow part and needs no lock.
    const passwordHash = input.mode === 'password' ? await hashPassword(input.password) : null;
    const emailTaken = () => new AppError('email_taken', 'An account with this email already exists.');
    const made = await this.d.db.kysely
      .transaction()
      .execute(async (trx) => {
        if (await findUserByEmail(trx, input.email)) throw emailTaken();
        const user = await insertUser(trx, {
          name: input.name?.trim() || input.email.split('@')[0] || input.email,
          username: input.mode === 'password' ? (input.username ?? '') : '',
          email: input.email,
          passwordHash,
          role: input.role,
          // An invitation's address is proven when its link is used.
          emailVerified: input.mode === 'password' ? input.emailVerified : false,
        });
        if (input.mode === 'password') {
          await this.audit(trx, actor, 'user.create', user, { role: user.role, emailVerified: input.emailVerified });
          return { user };
        }
        const token = await issueAuthToken(trx, { userId: user.id, kind: 'invite', ttlMs: INVITE_TTL_MS });
        await this.audit(trx, actor, 'user.invite', user, { role: user.role, mailed: Boolean(this.d.mailInvite) });
        return { user, token };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      });
    const user = await this.get(made.user.id);
    if (!made.token) return { user };
    const link = this.inviteLink(made.token, made.user.email);
    if (this.d.mailInvite) {
      this.d.mailInvite(made.user, link);
      return { user, isMailed: true };
    }
    return { user, inviteLink: link, isMailed: false };
  }

  inviteLink(token: string, email: string): string {
    return `${this.d.clientOrigin.replace(/\/+$/, '')}/register?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  }

  /** USER or ADMIN, from the next request on (authenticate reads the role every time). */
  async setRole(actor: AuditActor, id: string, role: Role): Promise<AdminUser> {
    await this.d.db.kysely.transaction().execute(async (trx) => {
      const user = await this.target(trx, id);
      if (user.role === role) return;
      // Nobody would be left to administer the instance (nor to undo this).
      if (user.role === 'ADMIN' && (await countAdmins(trx)) <= 1) {
        throw new AppError('conflict', 'The last administrator cannot be made a user.');
      }
      await trx.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', id).execute();
      await this.audit(trx, actor, 'user.role', user, { from: user.role, role });
    });
    return this.get(id);
  }

  /** Bans for `durationMs` (sessions end at once), or lifts a ban with 0. */
  async ban(actor: AuditActor, id: string, durationMs: number, reason?: string): Promise<AdminUser> {
    const user = await this.target(this.d.db.kysely, id);
    if (actor.id !== null && actor.id === id && durationMs > 0) {
      // An administrator locking themselves out would leave nobody to lift it.
      throw new AppError('bad_request', 'You cannot ban yourself.');
    }
    const lift = durationMs === 0;
    await banUser(this.d.db, id, { durationMs, reason: reason || 'ban', lift }, (trx, bannedUntil) =>
      lift
        ? this.audit(trx, actor, 'user.unban', user)
        : this.audit(trx, actor, 'user.ban', user, { bannedUntil, durationMs, reason: reason ?? null }),
    );
    return this.get(id);
  }

  async verifyEmail(actor: AuditActor, id: string): Promise<AdminUser> {
    await this.d.db.kysely.transaction().execute(async (trx) => {
      const user = await this.target(trx, id);
      if (user.email_verified === 1) return;
      await trx.updateTable('users').set({ email_verified: 1, updated_at: nowIso() }).where('id', '=', id).execute();
      await retireAuthTokens(trx, id, 'email_verification');
      await this.audit(trx, actor, 'user.verify_email', user);
    });
    return this.get(id);
  }

  /** Two-factor off with its secret and backup codes gone, and every session ended. */
  async resetTwoFactor(actor: AuditActor, id: string): Promise<AdminUser> {
    await this.d.db.kysely.transaction().execute(async (trx) => {
      const user = await this.target(trx, id);
      await trx
        .updateTable('users')
        .set({
          two_factor_enabled: 0,
          totp_secret: null,
          backup_codes: '[]',
          totp_last_step: null,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      await retireAuthTokens(trx, id, 'two_factor_temp');
      await retireAuthTokens(trx, id, 'two_factor_step_up');
      await revokeAllForUser(trx, id);
      await this.audit(trx, actor, 'user.reset_two_factor', user, { wasEnabled: user.two_factor_enabled === 1 });
    });
    return this.get(id);
  }

  /** A new password set by the command line; every session ends. */
  async resetPassword(actor: AuditActor, id: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.d.db.kysely.transaction().execute(async (trx) => {
      const user = await this.target(trx, id);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      await retireAuthTokens(trx, id, 'password_reset');
      await retireAuthTokens(trx, id, 'invite');
      await revokeAllForUser(trx, id);
      await this.audit(trx, actor, 'user.reset_password', user);
    });
  }

  /**
   * Grants or deducts credits through the ledger (kind admin_grant / admin_deduct, the reason in
   * its context). A deduction never takes the balance below zero: it is refused instead.
   */
  async changeCredits(actor: AuditActor, id: string, change: AdminCredits): Promise<AdminCreditsResponse> {
    const settings = this.d.config.balance;
    if (!settings.enabled) throw new AppError('conflict', 'The token balance is off (balance.enabled in the config).');
    await this.d.db.kysely.transaction().execute(async (trx) => {
      const user = await this.target(trx, id);
      await prepareBalance(trx, id, settings);
      const entry = {
        kind: change.direction === 'grant' ? 'admin_grant' : 'admin_deduct',
        context: change.reason,
      } as const;
      if (change.direction === 'grant') await credit(trx, id, change.amount, entry);
      else if (!(await tryDebit(trx, id, change.amount, entry))) {
        throw new AppError('conflict', 'The balance holds fewer credits than that.');
      }
      const signed = change.direction === 'grant' ? change.amount : -change.amount;
      await this.audit(trx, actor, 'user.credits', user, { amount: signed, reason: change.reason });
    });
    const [transaction] = await recentTransactions(this.d.db.kysely, id, 1);
    if (!transaction) throw new Error('The ledger row of a credit change is missing');
    return { user: await this.get(id), transaction };
  }

  transactions(id: string, limit: number) {
    return recentTransactions(this.d.db.kysely, id, limit);
  }

  /** Removes the account with every row and file of it; `confirmEmail` must be the user's address. */
  async remove(actor: AuditActor, id: string, confirmEmail: string): Promise<void> {
    const user = await this.target(this.d.db.kysely, id);
    if (actor.id !== null && actor.id === id) {
      throw new AppError('bad_request', 'You cannot delete your own account here: use Settings → Account.');
    }
    if (confirmEmail.trim().toLowerCase() !== user.email) {
      throw new AppError('confirmation_mismatch', 'Type the email address of the account to delete it.');
    }
    if (user.role === 'ADMIN' && (await countAdmins(this.d.db.kysely)) <= 1) {
      throw new AppError('conflict', 'The last administrator cannot be deleted.');
    }
    await deleteAccount(this.d.db, this.d.files, id, (trx) =>
      this.audit(trx, actor, 'user.delete', user, { name: user.name, role: user.role }),
    );
  }
}
