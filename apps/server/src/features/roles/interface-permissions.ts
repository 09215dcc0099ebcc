import { ROLES } from '@confab/shared';
import type { AppConfig } from '../../config/config-schema.js';
import type { Db } from '../../db/database.js';
import { getRole, updateRolePermissions } from './roles.repo.js';

/**
 * The config's interface toggles, applied to every role at start as LibreChat's
 * updateInterfacePermissions does: `interface.runCode: false` turns RUN_CODE USE off for every
 * role, so the Run button goes and the call answers 403. Only "off" is applied: the schema's
 * default cannot be told from an administrator's `true`, and writing `true` at each start would
 * undo what an administrator turned off in the roles' settings.
 */
export async function applyInterfaceToRoles(db: Db, ui: AppConfig['interface']): Promise<void> {
  if (ui.runCode !== false) return;
  for (const name of ROLES) {
    const role = await getRole(db, name);
    if (role && role.permissions.RUN_CODE?.USE !== false)
      await updateRolePermissions(db, name, 'RUN_CODE', { USE: false });
  }
}
