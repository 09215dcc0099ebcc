import type { AdminUsageReport } from '@confab/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiFetch, apiJson, ApiError } from '../../../lib/api-client';
import { saveBlob } from '../../files/download-file';

export const USAGE_PRESETS = [7, 30, 90] as const;
export type UsagePreset = (typeof USAGE_PRESETS)[number];

export type UsageRangeChoice = { kind: 'preset'; days: UsagePreset } | { kind: 'custom'; from: string; to: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today as a UTC calendar day: the server counts UTC days. */
export const utcToday = (now = new Date()): string => now.toISOString().slice(0, 10);

export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The from/to days a choice means. */
export function rangeDays(choice: UsageRangeChoice): { from: string; to: string } {
  if (choice.kind === 'custom') return { from: choice.from, to: choice.to };
  const to = utcToday();
  return { from: shiftDay(to, -(choice.days - 1)), to };
}

/** The range in the address (`?days=7` or `?from=…&to=…`), so a reload or a shared link keeps it; 30 days by default. */
export function useUsageRangeChoice(): [UsageRangeChoice, (choice: UsageRangeChoice) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const days = Number(params.get('days'));
  const choice: UsageRangeChoice =
    from && to && DAY.test(from) && DAY.test(to)
      ? { kind: 'custom', from, to }
      : { kind: 'preset', days: (USAGE_PRESETS as readonly number[]).includes(days) ? (days as UsagePreset) : 30 };
  const setChoice = (next: UsageRangeChoice) =>
    setParams(next.kind === 'custom' ? { from: next.from, to: next.to } : { days: String(next.days) }, { replace: true });
  return [choice, setChoice];
}

const query = (range: { from: string; to: string }) => new URLSearchParams(range).toString();

export function useUsageReport(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['admin', 'usage', range.from, range.to],
    queryFn: ({ signal }) => apiJson<AdminUsageReport>(`/api/admin/usage?${query(range)}`, { signal }),
    // The old range stays on screen, dimmed, while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Downloads the range's CSV with the bearer token, under the server's file name. */
export async function downloadUsageCsv(range: { from: string; to: string }): Promise<void> {
  const response = await apiFetch(`/api/admin/usage.csv?${query(range)}`);
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `confab-usage-${range.from}-to-${range.to}.csv`;
  saveBlob(await response.blob(), name);
}
