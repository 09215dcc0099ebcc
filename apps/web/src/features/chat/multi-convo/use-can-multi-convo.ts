import { useRolePermissions } from '../../roles/use-role-permissions';

/** SPEC 6's MULTI_CONVO USE of the user's role; false while unknown. */
export function useCanMultiConvo(): boolean {
  return useRolePermissions().permissions?.MULTI_CONVO?.USE ?? false;
}
