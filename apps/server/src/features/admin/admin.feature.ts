import type { FastifyInstance } from 'fastify';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';
import { adminAuditRoutes } from './audit/admin-audit.routes.js';
import { registerAdminUsers } from './users/admin-users.feature.js';
import { adminUsageRoutes } from './usage/admin-usage.routes.js';
import { adminBannersRoutes } from '../banners/admin-banners.routes.js';

/**
 * The Admin area's server side (issue 40): users, roles, banners, usage and the audit list.
 * Every route goes through `adminOnly` (require-admin.ts); every change records its audit row
 * with `recordAdminAction` in the change's own transaction.
 */
export async function registerAdmin(app: FastifyInstance, security: AccountSecurityDeps): Promise<void> {
  await registerAdminUsers(app, security);
  await app.register(adminAuditRoutes);
  await app.register(adminUsageRoutes);
  await app.register(adminBannersRoutes);
}
