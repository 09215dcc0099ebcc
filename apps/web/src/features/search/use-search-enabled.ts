import { useQuery } from '@tanstack/react-query';
import { fetchSearchEnabled } from './search-api';

/** Whether the server offers search (SPEC 6); asked once per session. */
export function useSearchEnabledQuery() {
  return useQuery({
    queryKey: ['searchEnabled'],
    queryFn: ({ signal }) => fetchSearchEnabled(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** Whether the server offers search; false while that is unknown. */
export function useSearchEnabled(): boolean {
  return useSearchEnabledQuery().data === true;
}
