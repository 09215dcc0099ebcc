import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { useAuth } from '../../auth/use-auth';

interface RoleResponse {
  permissions?: { MULTI_CONVO?: { USE?: boolean } };
}

/** SPEC 6's MULTI_CONVO USE of the user's role; false while unknown. */
export function useCanMultiConvo(): boolean {
  const { user } = useAuth();
  const role = user?.role ?? 'USER';
  // Same key and URL as the other permission checks, so one request serves them all.
  const { data } = useQuery({
    queryKey: ['roles', role],
    queryFn: ({ signal }) => apiJson<RoleResponse>(`/api/roles/${encodeURIComponent(role)}`, { signal }),
    enabled: !!user,
    staleTime: 5 * 60_000,
  });
  return data?.permissions?.MULTI_CONVO?.USE ?? false;
}
