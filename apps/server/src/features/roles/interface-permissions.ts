import { INTERFACE_TOGGLE_OF, PERMISSION_FEATURES, ROLES } from '@confab/shared';
import type { AppConfig } from '../../config/config-schema.js';
import type { Db } from '../../db/database.js';
import { getRole, updateRolePermissions } from './roles.repo.js';

/**
 * The config's interface toggles, applied to every role at start as LibreChat's
 * updateInterfacePermissions does: `interface.runCode: false` turns RUN_CODE USE off for every
 * role, so the Run button goes and the call answers 403; likewise prompts, bookmarks, agents,
 * multiConvo and temporaryChat for their feature's USE. Only "off" is applied: the schema's
 * default cannot be told from an administrator's `true`, and writing `true` at each start would
 * undo what an administrator turned off in Admin → Roles. While a toggle is off, the roles calls
 * refuse to turn its USE back on (roles.routes.ts).
 */
export async function applyInterfaceToRoles(db: Db, ui: AppConfig['interface']): Promise<void> {
  for (const feature of PERMISSION_FEATURES) {
    if (ui[INTERFACE_TOGGLE_OF[feature]] !== false) continue;
    for (const name of ROLES) {
      const role = await getRole(db, name);
      if (role && role.permissions[feature]?.USE !== false) await updateRolePermissions(db, name, feature, { USE: false });
    }
  }
}
