import type { AdminBanner, AdminBannersResponse, BannerInput } from '@confab/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

const BANNERS_KEY = ['admin', 'banners'] as const;

export function useAdminBanners() {
  return useQuery({
    queryKey: BANNERS_KEY,
    queryFn: ({ signal }) => apiJson<AdminBannersResponse>('/api/admin/banners', { signal }),
    select: (data) => data.banners,
  });
}

/** After a change: the list, and the banner this administrator sees over the app. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: BANNERS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['banner'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
    ]);
  };
}

export function useSaveBanner() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ bannerId, input }: { bannerId: string | null; input: BannerInput }) =>
      bannerId
        ? apiJson<AdminBanner>(`/api/admin/banners/${encodeURIComponent(bannerId)}`, { method: 'PUT', json: input })
        : apiJson<AdminBanner>('/api/admin/banners', { method: 'POST', json: input }),
    onSuccess: refresh,
  });
}

export function useDeleteBanner() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (bannerId: string) => apiJson<{ message: string }>(`/api/admin/banners/${encodeURIComponent(bannerId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
