import { ROLES, type Role } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { getRole } from './roles.repo.js';

export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { role: string } }>('/api/roles/:role', { preHandler: app.authenticate }, async (request) => {
    const name = request.params.role.toUpperCase();
    if (!(ROLES as readonly string[]).includes(name)) throw new AppError('not_found', 'Role not found');
    // A user may read their own role; only administrators read others.
    if (name !== request.user.role && request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Not allowed');
    const role = await getRole(app.db, name as Role);
    if (!role) throw new AppError('not_found', 'Role not found');
    // LibreChat v0.7.8 reads `permissions`; its clients before it read each permission type at the
    // top level of the role. Both are given, so either generation sees the same permissions.
    return { ...role.permissions, ...role };
  });
}
