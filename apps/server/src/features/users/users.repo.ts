import type { BackupCodeStatus, PublicUser, Role } from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

export type UserRow = UsersTable;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    role: row.role as Role,
    provider: row.provider,
    emailVerified: row.email_verified === 1,
    twoFactorEnabled: row.two_factor_enabled === 1,
    backupCodes: (JSON.parse(row.backup_codes) as BackupCodeStatus[]).map(({ codeHash, used, usedAt }) => ({
      codeHash,
      used,
      usedAt,
    })),
    hasPassword: row.password_hash !== null,
    plugins: JSON.parse(row.plugins) as string[],
    termsAccepted: row.terms_accepted === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The plugin keys the user installed from the plugin store (LibreChat's `user.plugins`). */
export async function findUserPlugins(db: Executor, userId: string): Promise<string[]> {
  const row = await db.selectFrom('users').select('plugins').where('id', '=', userId).executeTakeFirst();
  return row ? (JSON.parse(row.plugins) as string[]) : [];
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewUser {
  name: string;
  username: string;
  email: string;
  passwordHash: string | null;
  role: Role;
  provider?: string;
  emailVerified: boolean;
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    name: user.name,
    username: user.username,
    email: normalizeEmail(user.email),
    email_verified: user.emailVerified ? 1 : 0,
    password_hash: user.passwordHash,
    avatar: null,
    role: user.role,
    provider: user.provider ?? 'local',
    two_factor_enabled: 0,
    totp_secret: null,
    backup_codes: '[]',
    plugins: '[]',
    terms_accepted: 0,
    banned_until: null,
    created_at: now,
    updated_at: now,
    totp_last_step: null,
    ban_reason: null,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}
