import { TIMING } from '@confab/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';

async function fetchTokenCount(text: string, signal: AbortSignal): Promise<number> {
  const { count } = await apiJson<{ count: number }>('/api/tokenizer', { method: 'POST', json: { arg: text }, signal });
  return count;
}

/**
 * Tokens in `text` (the server's tokenizer), once typing pauses; undefined for an empty text or
 * until the first count arrives. While a new count is on its way the previous one stays shown.
 */
export function useTokenCount(text: string | null): number | undefined {
  const settled = useDebouncedValue(text ?? '', TIMING.tokenCountDebounceMs);
  const { data } = useQuery({
    queryKey: ['tokenCount', settled],
    queryFn: ({ signal }) => fetchTokenCount(settled, signal),
    enabled: settled !== '',
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    // Keys hold whole texts: keep only what is on screen.
    gcTime: 0,
    retry: false,
  });
  return settled ? data : undefined;
}
