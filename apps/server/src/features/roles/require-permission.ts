import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../auth/authenticate.js';
import { PERMISSION_DEFAULTS, type Permissions } from './permissions.js';
import { getRole } from './roles.repo.js';

export type PermissionFeature = keyof Permissions;
export type PermissionOf<F extends PermissionFeature> = keyof Permissions[F] & string;

/**
 * Whether the user's role grants every permission asked for in one feature (SPEC 6). Read through
 * the role on each request, so an administrator's change applies at once; a key the stored role
 * lacks takes its default (USE and CREATE on, SHARED_GLOBAL off).
 */
export async function hasPermissions<F extends PermissionFeature>(
  db: Db,
  user: Pick<AuthUser, 'role'>,
  feature: F,
  wanted: readonly PermissionOf<F>[],
): Promise<boolean> {
  const role = await getRole(db, user.role);
  const granted = role?.permissions[feature] as Partial<Record<string, boolean>> | undefined;
  const defaults = PERMISSION_DEFAULTS[feature] as Record<string, boolean>;
  return wanted.every((p) => (granted?.[p] ?? defaults[p]) === true);
}

/** A preHandler refusing (403 forbidden, with `message`) a user whose role lacks any of `wanted`. */
export function requirePermissions<F extends PermissionFeature>(
  db: Db,
  feature: F,
  wanted: readonly PermissionOf<F>[],
  message: string,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (!(await hasPermissions(db, request.user, feature, wanted))) throw new AppError('forbidden', message);
  };
}
