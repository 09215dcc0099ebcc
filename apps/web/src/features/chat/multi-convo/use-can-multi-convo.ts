import { useStartupConfig } from '../../config/use-startup-config';
import { useRolePermissions } from '../../roles/use-role-permissions';

/**
 * SPEC 6's MULTI_CONVO USE of the user's role, with `interface.multiConvo` (off, the server also
 * turns MULTI_CONVO off for every role at start); false while unknown.
 */
export function useCanMultiConvo(): boolean {
  const { data: config } = useStartupConfig();
  const canUse = useRolePermissions().permissions?.MULTI_CONVO?.USE ?? false;
  return canUse && config?.interface?.multiConvo !== false;
}
