import { useQuery } from '@tanstack/react-query';
import { fetchSearchEnabled } from './search-api';

/** Whether the server offers search (SPEC 6); asked once per session. */
export function useSearchEnabled(): boolean {
  const { data } = useQuery({
    queryKey: ['searchEnabled'],
    queryFn: ({ signal }) => fetchSearchEnabled(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return data === true;
}
