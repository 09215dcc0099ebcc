import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import { useAuth } from '../auth/use-auth';
import { useStartupConfig } from '../config/use-startup-config';

interface RoleResponse {
  permissions?: { AGENTS?: { USE?: boolean } };
}

/**
 * SPEC 6: the agents endpoint shows in the selector only with the AGENTS USE permission of the
 * user's role (and the interface toggle). Hidden while the role is unknown.
 */
export function useCanUseAgents(): boolean {
  const { user } = useAuth();
  const { data: config } = useStartupConfig();
  const role = user?.role ?? 'USER';
  // Same key and URL as the other permission checks, so one request serves them all.
  const { data } = useQuery({
    queryKey: ['roles', role],
    queryFn: ({ signal }) => apiJson<RoleResponse>(`/api/roles/${encodeURIComponent(role)}`, { signal }),
    enabled: !!user,
    staleTime: 5 * 60_000,
  });
  if (config?.interface?.agents === false) return false;
  return data?.permissions?.AGENTS?.USE ?? false;
}
