import type { FastifyInstance } from 'fastify';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';
import { accountRoutes } from './account.routes.js';
import { adminUsersRoutes } from './admin-users.routes.js';

/** Terms, account deletion and bans (issue 22). Violations are recorded where they happen (violations.ts). */
export async function registerAccount(app: FastifyInstance, deps: AccountSecurityDeps): Promise<void> {
  await app.register(accountRoutes, { files: deps.files });
  await app.register(adminUsersRoutes);
}
