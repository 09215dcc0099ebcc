import { useStartupConfig } from '../config/use-startup-config';
import { useRolePermissions } from '../roles/use-role-permissions';

export interface MemoryPermissions {
  /** interface.memories and MEMORIES USE and READ: Settings → Personalization shows. */
  canRead: boolean;
  /** MEMORIES CREATE: add a memory (and put a deleted one back). */
  canCreate: boolean;
  /** MEMORIES UPDATE: edit, rename and delete (LibreChat has no permission of its own for deleting). */
  canUpdate: boolean;
  /** MEMORIES OPT_OUT, unless the config's `personalize: false` keeps memory on: the user's own "Use memory" switch. */
  canOptOut: boolean;
}

/** SPEC 6 as LibreChat applies it to memory. All false while the role is unknown. */
export function useMemoryPermissions(): MemoryPermissions {
  const { data: config } = useStartupConfig();
  const memories = useRolePermissions().permissions?.MEMORIES;
  const canRead =
    config?.interface?.memories !== false &&
    config?.memory?.disabled !== true &&
    !!config &&
    !!memories?.USE &&
    !!memories.READ;
  return {
    canRead,
    canCreate: canRead && !!memories?.CREATE,
    canUpdate: canRead && !!memories?.UPDATE,
    canOptOut: canRead && !!memories?.OPT_OUT && config?.memory?.personalize !== false,
  };
}
