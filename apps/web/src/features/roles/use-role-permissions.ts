import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import { useAuth } from '../auth/use-auth';

/** SPEC 6: a role's permission groups as GET /api/roles/:name answers them (AGENTS, BOOKMARKS, MULTI_CONVO...). */
export type RolePermissions = Partial<Record<string, Partial<Record<string, boolean>>>>;

/**
 * The permissions of the signed-in user's role: one request (one query key) serves every check
 * in the app. `permissions` is undefined while unknown; `isError` when the role could not be read.
 */
export function useRolePermissions(): { permissions: RolePermissions | undefined; isError: boolean; role: string } {
  const { user } = useAuth();
  const role = user?.role ?? 'USER';
  const { data, isError } = useQuery({
    queryKey: ['roles', role],
    queryFn: ({ signal }) =>
      apiJson<{ permissions?: RolePermissions }>(`/api/roles/${encodeURIComponent(role)}`, { signal }),
    enabled: !!user,
    staleTime: 5 * 60_000,
  });
  return { permissions: data?.permissions, isError, role };
}
