import type { BannerResponse } from '@confab/shared';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import { useAuthStore } from '../auth/auth-store';

export type Banner = BannerResponse;

/**
 * GET /api/banner: the current banner or nothing. Keyed by who is signed in, since a visitor and a
 * user see different banners. Absent or failing, the page simply has none.
 */
export function useBanner() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const status = useAuthStore((s) => s.status);
  return useQuery({
    queryKey: ['banner', userId],
    queryFn: async ({ signal }) => {
      try {
        const banner = await apiJson<Banner | null>('/api/banner', { signal });
        return banner && typeof banner.message === 'string' && banner.message ? banner : null;
      } catch {
        return null;
      }
    },
    enabled: status !== 'loading',
    staleTime: 5 * 60_000,
    retry: false,
  });
}
