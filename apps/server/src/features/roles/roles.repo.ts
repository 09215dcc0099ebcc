import { ROLES, type Role } from '@confab/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';
import { defaultPermissions, type Permissions } from './permissions.js';

/** Creates the ADMIN and USER roles with their defaults when missing; never overwrites edits. */
export async function seedRoles(db: Db): Promise<void> {
  for (const name of ROLES) {
    const exists = await db.kysely.selectFrom('roles').select('name').where('name', '=', name).executeTakeFirst();
    if (!exists) {
      await db.kysely
        .insertInto('roles')
        .values({ name, permissions: JSON.stringify(defaultPermissions(name)), updated_at: nowIso() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
  }
}

export async function getRole(db: Db, name: Role): Promise<{ name: Role; permissions: Permissions } | undefined> {
  const row = await db.kysely.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
  return row ? { name, permissions: JSON.parse(row.permissions) as Permissions } : undefined;
}

/** What `onChange` of updateRolePermissions is told: the feature's permissions before and after. */
export interface RolePermissionsChange<F extends keyof Permissions> {
  before: Permissions[F];
  after: Permissions[F];
}

/**
 * Merges changes into one feature's permissions of a role; answers the role after, or undefined
 * if it does not exist. `onChange` runs in the same transaction (an administrator's audit row).
 */
export async function updateRolePermissions<F extends keyof Permissions>(
  db: Db,
  name: Role,
  feature: F,
  changes: Partial<Permissions[F]>,
  onChange?: (trx: Transaction<Database>, change: RolePermissionsChange<F>) => Promise<void>,
): Promise<{ name: Role; permissions: Permissions } | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row) return undefined;
    const permissions = JSON.parse(row.permissions) as Permissions;
    const before = permissions[feature];
    permissions[feature] = { ...before, ...changes };
    await trx.updateTable('roles').set({ permissions: JSON.stringify(permissions), updated_at: nowIso() }).where('name', '=', name).execute();
    await onChange?.(trx, { before, after: permissions[feature] });
    return { name, permissions };
  });
}
