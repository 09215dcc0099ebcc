import { MEME_PATHS, type MemeTemplate } from '@confab/shared';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/** The gallery changes only with a new release: fetched when first opened, then kept. */
export function useMemeTemplates(isEnabled: boolean) {
  return useQuery({
    queryKey: ['memes', 'templates'],
    queryFn: async ({ signal }) =>
      (await apiJson<{ templates: MemeTemplate[] }>(MEME_PATHS.templates, { signal })).templates,
    enabled: isEnabled,
    staleTime: Infinity,
  });
}
