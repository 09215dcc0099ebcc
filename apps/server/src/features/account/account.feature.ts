import type { FastifyInstance } from 'fastify';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';
import { accountRoutes } from './account.routes.js';

/**
 * Terms and account deletion (issue 22). Violations are recorded where they happen (violations.ts);
 * administrators' bans are Admin → Users (features/admin/users).
 */
export async function registerAccount(app: FastifyInstance, deps: AccountSecurityDeps): Promise<void> {
  await app.register(accountRoutes, { files: deps.files });
}
