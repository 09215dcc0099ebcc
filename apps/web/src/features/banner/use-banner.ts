import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

export interface Banner {
  bannerId: string;
  message: string;
  displayFrom?: string;
  displayTo?: string;
  isPublic?: boolean;
}

/** GET /api/banner: the current banner or nothing. Absent or failing, the page simply has none. */
export function useBanner() {
  return useQuery({
    queryKey: ['banner'],
    queryFn: async ({ signal }) => {
      try {
        const banner = await apiJson<Banner | null>('/api/banner', { signal });
        return banner && typeof banner.message === 'string' && banner.message ? banner : null;
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
