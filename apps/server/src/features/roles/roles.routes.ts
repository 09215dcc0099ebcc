import {
  INTERFACE_TOGGLE_OF,
  PERMISSION_FEATURES,
  PERMISSION_TYPES_OF,
  ROLE_PERMISSION_PATHS,
  ROLES,
  type PermissionFeatureName,
  type Role,
} from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { recordAdminAction } from '../admin/audit/record-admin-action.js';
import { adminOnly } from '../admin/require-admin.js';
import type { Permissions } from './permissions.js';
import { getRole, updateRolePermissions } from './roles.repo.js';

/**
 * A feature's permission types, each optional: LibreChat's agentPermissionsSchema and
 * promptPermissionsSchema for its two paths, the same shape for the others. Unknown keys are
 * dropped, never stored.
 */
const changesSchemaOf = (feature: PermissionFeatureName) =>
  z.object(Object.fromEntries(PERMISSION_TYPES_OF[feature].map((type) => [type, z.boolean().optional()])));

function roleName(raw: string): Role {
  const name = raw.toUpperCase();
  if (!(ROLES as readonly string[]).includes(name)) throw new AppError('not_found', 'Role not found');
  return name as Role;
}

// LibreChat v0.7.8 reads `permissions`; its clients before it read each permission type at the
// top level of the role. Both are given, so either generation sees the same permissions.
const roleAnswer = (role: { name: Role; permissions: Permissions }) => ({ ...role.permissions, ...role });

const isSame = (a: Record<string, boolean> | undefined, b: Record<string, boolean>) =>
  Object.keys(b).every((key) => a?.[key] === b[key]);

export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { role: string } }>('/api/roles/:role', { preHandler: app.authenticate }, async (request) => {
    const name = roleName(request.params.role);
    // A user may read their own role; only administrators read others.
    if (name !== request.user.role && request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Not allowed');
    const role = await getRole(app.db, name);
    if (!role) throw new AppError('not_found', 'Role not found');
    return roleAnswer(role);
  });

  /**
   * LibreChat's updatePromptPermissions and updateAgentPermissions, and the same call for every
   * other feature (ROLE_PERMISSION_PATHS): administrators only, refused before the handler.
   * Each change is recorded (`role.permissions`: feature, before, after) in its own transaction.
   * The roles are read on every request, so the change applies to the next one of every user.
   */
  for (const feature of PERMISSION_FEATURES) {
    const schema = changesSchemaOf(feature);
    app.put<{ Params: { role: string } }>(`/api/roles/:role/${ROLE_PERMISSION_PATHS[feature]}`, adminOnly(app), async (request) => {
      const name = roleName(request.params.role);
      const parsed = parseInput(schema, request.body ?? {});
      const changes = Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as Record<string, boolean>;
      // The config's interface toggle turned this feature off for every role (applyInterfaceToRoles):
      // it stays off until the config turns it back on, whatever is stored.
      const toggle = INTERFACE_TOGGLE_OF[feature];
      if (changes.USE === true && app.appConfig.interface[toggle] === false) {
        throw new AppError('conflict', `The server's configuration turns this off (interface.${toggle}: false).`);
      }
      const actor = { id: request.user.id, email: request.user.email };
      const role = await updateRolePermissions(app.db, name, feature, changes, async (trx, { before, after }) => {
        if (isSame(before as Record<string, boolean> | undefined, after as Record<string, boolean>)) return;
        await recordAdminAction(trx, {
          actor,
          action: 'role.permissions',
          target: { type: 'role', id: name, label: name },
          details: { feature, before: before ?? {}, after },
        });
      });
      if (!role) throw new AppError('not_found', 'Role not found');
      return roleAnswer(role);
    });
  }
}
