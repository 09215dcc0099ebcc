import { z } from 'zod';
import { EMAIL_PATTERN, ROLES, type Role } from './auth.js';
import type { TransactionView } from './billing.js';
import { TEXT_LIMITS as L } from './constants.js';

/**
 * Admin → Users (issue 40): the list of every account and what an administrator can do to one.
 * The list is paged by page number (with a total), as a table with "page 2 of 7" reads best.
 */

/** One account as the administrator sees it. */
export interface AdminUser {
  id: string;
  name: string;
  username: string;
  email: string;
  role: Role;
  /** 'local', 'google', 'openid', 'ldap'… */
  provider: string;
  createdAt: string;
  /** The latest activity of any of their sessions (a sign-in or a refresh); null when never. */
  lastActiveAt: string | null;
  /** Credits as GET /api/balance shows them; null when the balance is off. */
  balance: number | null;
  twoFactorEnabled: boolean;
  emailVerified: boolean;
  /** Has a password (false for social and directory accounts, and for an invitation not yet accepted). */
  hasPassword: boolean;
  /** Invited by mail and not registered yet. */
  isInvited: boolean;
  bannedUntil: string | null;
  banReason: string | null;
}

export const ADMIN_USERS_PAGE_SIZE = 25;

export const adminUsersQuerySchema = z.object({
  /** Part of the name, username or email, any case. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export interface AdminUsersPage {
  users: AdminUser[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

const email = z.string().trim().min(1).max(L.emailMax).regex(EMAIL_PATTERN, 'You must enter a valid email address');
const name = z.string().trim().min(L.nameMin).max(L.nameMax);
const role = z.enum(ROLES);

/**
 * POST /api/admin/users: an account with a password the administrator passes on, or an
 * invitation (a single-use sign-up link mailed to the address, or shown when no mail is set up).
 */
export const createAdminUserSchema = z.discriminatedUnion('mode', [
  z.strictObject({
    mode: z.literal('password'),
    name,
    username: z.string().trim().max(L.usernameMax).optional(),
    email,
    password: z.string().min(L.passwordMin).max(L.passwordMax),
    emailVerified: z.boolean().default(true),
    role: role.default('USER'),
  }),
  z.strictObject({
    mode: z.literal('invite'),
    email,
    name: name.optional(),
    role: role.default('USER'),
  }),
]);
export type CreateAdminUser = z.input<typeof createAdminUserSchema>;

export interface CreateAdminUserResponse {
  user: AdminUser;
  /** An invitation: the sign-up link, answered only when no mail server is configured (pass it on). */
  inviteLink?: string;
  /** An invitation: the link was mailed. */
  isMailed?: boolean;
}

/** How long an invitation's link works. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const adminRoleSchema = z.strictObject({ role });

export const ADMIN_CREDIT_REASON_MAX = 200;

/** POST /api/admin/users/:id/credits: credits in the balance's own unit, always with a reason. */
export const adminCreditsSchema = z.strictObject({
  direction: z.enum(['grant', 'deduct']),
  amount: z.number().int().min(1).max(1_000_000_000_000),
  reason: z.string().trim().min(1, 'A reason is required').max(ADMIN_CREDIT_REASON_MAX),
});
export type AdminCredits = z.infer<typeof adminCreditsSchema>;

export interface AdminCreditsResponse {
  user: AdminUser;
  transaction: TransactionView;
}

/** DELETE /api/admin/users/:id: the user's email, typed by the administrator. */
export const adminDeleteUserSchema = z.strictObject({ confirmEmail: z.string().trim().min(1).max(L.emailMax) });

export const adminUserTransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export interface AdminUserTransactions {
  transactions: TransactionView[];
}
