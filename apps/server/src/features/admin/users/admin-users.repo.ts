import type {
  AdminUser,
  AdminUsersPage,
  AdminUsersQuery,
  Role,
  TransactionView,
} from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { toTransactionView } from '../../balance/transaction-view.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** What the list needs to know of the balance: off, or the credits a new balance starts with. */
export interface BalanceView {
  enabled: boolean;
  startBalance: number;
}

/**
 * The users with what the list shows of each. Last activity is the newest session's start: a
 * refresh rotates the session into a new row, so that is the latest sign-in or refresh.
 */
function selectAdminUsers(db: Executor) {
  return db
    .selectFrom('users')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('sessions')
          .select(['user_id', (e) => e.fn.max('created_at').as('last_active_at')])
          .groupBy('user_id')
          .as('activity'),
      (join) => join.onRef('activity.user_id', '=', 'users.id'),
    )
    .leftJoin('balances', 'balances.user_id', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.username',
      'users.email',
      'users.role',
      'users.provider',
      'users.created_at',
      'users.email_verified',
      'users.two_factor_enabled',
      'users.password_hash',
      'users.banned_until',
      'users.ban_reason',
      'activity.last_active_at',
      'balances.token_credits',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('auth_tokens')
            .select('auth_tokens.id')
            .whereRef('auth_tokens.user_id', '=', 'users.id')
            .where('auth_tokens.kind', '=', 'invite'),
        )
        .as('has_invite'),
    );
}

type AdminUserRow = Awaited<ReturnType<ReturnType<typeof selectAdminUsers>['execute']>>[number];

function toAdminUser(row: AdminUserRow, balance: BalanceView): AdminUser {
  const hasPassword = row.password_hash !== null;
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    role: row.role as Role,
    provider: row.provider,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at ?? null,
    // A user who never opened the balance has none yet: GET /api/balance would start it at this.
    balance: balance.enabled ? (row.token_credits === null ? balance.startBalance : Number(row.token_credits)) : null,
    twoFactorEnabled: row.two_factor_enabled === 1,
    emailVerified: row.email_verified === 1,
    hasPassword,
    isInvited: !hasPassword && row.provider === 'local' && Boolean(Number(row.has_invite)),
    bannedUntil: row.banned_until,
    banReason: row.ban_reason,
  };
}

/** One page of users, newest first, matching the search in name, username or email. */
export async function listAdminUsers(db: Executor, q: AdminUsersQuery, balance: BalanceView): Promise<AdminUsersPage> {
  const search = q.search?.toLowerCase().replace(/[\\%_]/g, '');
  // LIKE's wildcards are dropped rather than escaped: the dialects disagree on the escape character.
  const pattern = search ? `%${search}%` : undefined;
  let base = db.selectFrom('users');
  if (pattern) {
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.email']), 'like', pattern),
        eb(eb.fn('lower', ['users.name']), 'like', pattern),
        eb(eb.fn('lower', ['users.username']), 'like', pattern),
      ]),
    );
  }
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  let rowsQuery = selectAdminUsers(db)
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  if (pattern) {
    rowsQuery = rowsQuery.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.email']), 'like', pattern),
        eb(eb.fn('lower', ['users.name']), 'like', pattern),
        eb(eb.fn('lower', ['users.username']), 'like', pattern),
      ]),
    );
  }
  const rows = await rowsQuery.execute();
  return {
    users: rows.map((row) => toAdminUser(row, balance)),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.max(1, Math.ceil(total / q.limit)) },
  };
}

export async function findAdminUser(db: Executor, id: string, balance: BalanceView): Promise<AdminUser | undefined> {
  const row = await selectAdminUsers(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toAdminUser(row, balance) : undefined;
}

export async function countAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'ADMIN')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The user's latest ledger rows, as GET /api/transactions shows them to the user. */
export async function recentTransactions(db: Executor, userId: string, limit: number): Promise<TransactionView[]> {
  const rows = await db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toTransactionView);
}
