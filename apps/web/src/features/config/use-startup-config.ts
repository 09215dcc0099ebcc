import type { StartupConfig } from '@confab/shared';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

export const startupConfigQueryKey = ['startupConfig'] as const;

/** GET /api/config: public, computed once per server start, so it never goes stale here. */
export function useStartupConfig() {
  return useQuery({
    queryKey: startupConfigQueryKey,
    queryFn: ({ signal }) => apiJson<StartupConfig>('/api/config', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
