import { ROLES, type Role } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import type { Permissions } from './permissions.js';
import { getRole, updateRolePermissions } from './roles.repo.js';

/** LibreChat's agentPermissionsSchema and promptPermissionsSchema (the same keys), partial: unknown keys are dropped, never stored. */
const sharedUseCreateUpdate = z.object({
  SHARED_GLOBAL: z.boolean().optional(),
  USE: z.boolean().optional(),
  CREATE: z.boolean().optional(),
});

/** The features whose permissions an administrator edits per role, by the path LibreChat's client calls. */
const EDITABLE_FEATURES = { agents: 'AGENTS', prompts: 'PROMPTS' } as const;

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

  /** LibreChat's updateAgentPermissions and updatePromptPermissions: administrators only. */
  for (const [path, feature] of Object.entries(EDITABLE_FEATURES)) {
    app.put<{ Params: { role: string } }>(`/api/roles/:role/${path}`, { preHandler: app.authenticate }, async (request) => {
      if (request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Not allowed');
      const name = roleName(request.params.role);
      const changes = parseInput(sharedUseCreateUpdate, request.body ?? {});
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<Permissions[typeof feature]>;
      const role = await updateRolePermissions(app.db, name, feature, defined);
      if (!role) throw new AppError('not_found', 'Role not found');
      return roleAnswer(role);
    });
  }
}
