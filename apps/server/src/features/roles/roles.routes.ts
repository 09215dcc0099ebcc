import { ROLES, type Role } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import type { Permissions } from './permissions.js';
import { getRole, updateRolePermissions } from './roles.repo.js';

/** LibreChat's agentPermissionsSchema, partial: unknown keys are dropped, never stored. */
const agentPermissionsUpdate = z.object({
  SHARED_GLOBAL: z.boolean().optional(),
  USE: z.boolean().optional(),
  CREATE: z.boolean().optional(),
});

function roleName(raw: string): Role {
  const name = raw.toUpperCase();
  if (!(ROLES as readonly string[]).includes(name)) throw new AppError('not_found', 'Role not found');
  return name as Role;
}

// LibreChat v0.7.8 reads `permissions`; its clients before it read each permission type at the
// top level of the role. Both are given, so either generation sees the same permissions.
const roleAnswer = (role: { name: Role; permissions: Permissions }) => ({ ...role.permissions, ...role });

export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { role: string } }>('/api/roles/:role', { preHandler: app.authenticate }, async (request) => {
    const name = roleName(request.params.role);
    // A user may read their own role; only administrators read others.
    if (name !== request.user.role && request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Not allowed');
    const role = await getRole(app.db, name);
    if (!role) throw new AppError('not_found', 'Role not found');
    return roleAnswer(role);
  });

  /** LibreChat's updateAgentPermissions: administrators only. */
  app.put<{ Params: { role: string } }>('/api/roles/:role/agents', { preHandler: app.authenticate }, async (request) => {
    if (request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Not allowed');
    const name = roleName(request.params.role);
    const changes = parseInput(agentPermissionsUpdate, request.body ?? {});
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<Permissions['AGENTS']>;
    const role = await updateRolePermissions(app.db, name, 'AGENTS', defined);
    if (!role) throw new AppError('not_found', 'Role not found');
    return roleAnswer(role);
  });
}
