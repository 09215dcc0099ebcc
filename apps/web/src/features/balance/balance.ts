import type { QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';

/**
 * The credits in a GET /api/balance answer: LibreChat sends the bare number (as JSON text),
 * newer servers `{ tokenCredits }`. Anything else counts as none (0).
 */
export function readTokenCredits(body: unknown): number {
  const value =
    typeof body === 'object' && body !== null && 'tokenCredits' in body
      ? (body as { tokenCredits: unknown }).tokenCredits
      : body;
  const credits = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof credits === 'number' && Number.isFinite(credits) ? credits : 0;
}

/** SPEC 2 and 9: the balance with two decimals, in the UI language. */
export function formatBalance(credits: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(credits);
}

export const balanceQueryKey = ['balance'] as const;

export async function fetchBalance(signal?: AbortSignal): Promise<number> {
  return readTokenCredits(await apiJson<unknown>('/api/balance', { signal }));
}

/**
 * Refetches the balance (and the history) wherever it is shown: after a generation ends and
 * when the subscription changes (a paid invoice adds credits).
 */
export function invalidateBalance(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['transactions'] });
}
