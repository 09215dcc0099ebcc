import type { FastifyInstance } from 'fastify';
import { adminAuditRoutes } from './audit/admin-audit.routes.js';

/**
 * The Admin area's server side (issue 40): users, roles, banners, usage and the audit list.
 * Every route goes through `adminOnly` (require-admin.ts); every change records its audit row
 * with `recordAdminAction` in the change's own transaction.
 */
export async function registerAdmin(app: FastifyInstance): Promise<void> {
  await app.register(adminAuditRoutes);
}
