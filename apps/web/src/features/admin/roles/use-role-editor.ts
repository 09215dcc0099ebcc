import { ROLE_PERMISSION_PATHS, type PermissionFeatureName, type PermissionTypeName } from '@confab/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-store';
import { apiJson } from '../../../lib/api-client';
import type { RolePermissions } from '../../roles/use-role-permissions';

export type EditableRole = 'ADMIN' | 'USER';

interface RoleAnswer {
  name: string;
  permissions: RolePermissions;
}

/** The key useRolePermissions reads too: an administrator editing their own role sees it apply at once. */
const roleKey = (role: EditableRole) => ['roles', role] as const;
const mutationKey = (role: EditableRole) => ['roles', role, 'edit'] as const;

export interface PermissionChange {
  feature: PermissionFeatureName;
  type: PermissionTypeName;
  isOn: boolean;
}

/**
 * One role's permissions for Admin → Roles, and a switch's change saved at once: the switch moves
 * before the server answers; a refusal puts the stored value back and says why in a toast.
 */
export function useRoleEditor(role: EditableRole) {
  const { t } = useTranslation('admin-roles');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: roleKey(role),
    queryFn: ({ signal }) => apiJson<RoleAnswer>(`/api/roles/${role}`, { signal }),
  });

  const save = useMutation({
    mutationKey: mutationKey(role),
    mutationFn: ({ feature, type, isOn }: PermissionChange) =>
      apiJson<RoleAnswer>(`/api/roles/${role}/${ROLE_PERMISSION_PATHS[feature]}`, {
        method: 'PUT',
        json: { [type]: isOn },
      }),
    onMutate: async ({ feature, type, isOn }) => {
      await queryClient.cancelQueries({ queryKey: roleKey(role), exact: true });
      queryClient.setQueryData<RoleAnswer>(roleKey(role), (old) =>
        old
          ? { ...old, permissions: { ...old.permissions, [feature]: { ...old.permissions[feature], [type]: isOn } } }
          : old,
      );
    },
    onError: (error) => {
      showToast({ message: t('save_failed', { reason: error.message }), status: 'error' });
    },
    onSettled: async () => {
      // The last of several quick changes reads the stored role back (a refused one included).
      if (queryClient.isMutating({ mutationKey: mutationKey(role) }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: roleKey(role), exact: true });
      }
    },
  });

  return { query, change: (change: PermissionChange) => save.mutate(change) };
}
