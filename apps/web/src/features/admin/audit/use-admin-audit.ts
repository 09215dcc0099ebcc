import type { AdminAuditAction, AdminAuditPage } from '@confab/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

const PAGE_SIZE = 30;

/** The audit list, newest first, a page at a time ("Load more"), optionally one action only. */
export function useAdminAudit(action: AdminAuditAction | '') {
  return useInfiniteQuery({
    queryKey: ['admin-audit', action],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (action) params.set('action', action);
      if (pageParam) params.set('cursor', pageParam);
      return apiJson<AdminAuditPage>(`/api/admin/audit?${params.toString()}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
