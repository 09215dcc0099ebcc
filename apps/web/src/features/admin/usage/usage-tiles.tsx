import type { AdminUsageReport } from '@confab/shared';
import { ArrowDownRight, ArrowUpRight, Coins, MessageSquare, Users, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { percentChange } from './chart-scale';
import { formatCompact, formatCount } from './format';

interface Tile {
  id: string;
  icon: LucideIcon;
  label: string;
  value: number;
  previous: number;
  detail: string;
  /** Shown instead of the value (credits with the balance off). */
  note?: string;
}

/** The range's four headline figures, each with its change against the same number of days before. */
export function UsageTiles({ report }: { report: AdminUsageReport }) {
  const { t, i18n } = useTranslation('admin-usage');
  const locale = i18n.language;
  const { totals, previousTotals: before } = report;
  const tokens = totals.promptTokens + totals.completionTokens;
  const tiles: Tile[] = [
    {
      id: 'messages',
      icon: MessageSquare,
      label: t('tile_messages'),
      value: totals.messages,
      previous: before.messages,
      detail: t('tile_messages_detail', { count: totals.replies, replies: formatCount(totals.replies, locale) }),
    },
    {
      id: 'users',
      icon: Users,
      label: t('tile_active_users'),
      value: totals.activeUsers,
      previous: before.activeUsers,
      detail: t('tile_active_users_detail'),
    },
    {
      id: 'tokens',
      icon: Zap,
      label: t('tile_tokens'),
      value: tokens,
      previous: before.promptTokens + before.completionTokens,
      detail: t('tile_tokens_detail', {
        prompt: formatCompact(totals.promptTokens, locale),
        completion: formatCompact(totals.completionTokens, locale),
      }),
    },
    {
      id: 'credits',
      icon: Coins,
      label: t('tile_credits'),
      value: totals.credits,
      previous: before.credits,
      detail: t('tile_credits_detail'),
      ...(report.balanceEnabled ? {} : { note: t('tile_credits_off') }),
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="usage-tiles">
      {tiles.map((tile) => {
        const change = percentChange(tile.value, tile.previous);
        const Icon = tile.icon;
        return (
          <li key={tile.id} className="flex min-w-0 flex-col rounded-2xl border border-line bg-surface p-3.5 sm:p-4" data-testid={`usage-tile-${tile.id}`}>
            <div className="flex items-center gap-1.5 text-[13px] font-medium text-fg-secondary">
              <Icon className="size-4 shrink-0 text-fg-tertiary" aria-hidden />
              <span className="truncate">{tile.label}</span>
            </div>
            {tile.note ? (
              <p className="mt-2 text-sm text-fg-tertiary">{tile.note}</p>
            ) : (
              <>
                <div className="mt-1.5 flex flex-wrap items-baseline gap-x-2 gap-y-1">
                  <span className="text-2xl font-semibold tracking-tight text-fg tabular-nums" title={formatCount(tile.value, locale)} data-testid={`usage-tile-${tile.id}-value`}>
                    {formatCompact(tile.value, locale)}
                  </span>
                  {change !== null ? (
                    <span
                      className={cn(
                        'inline-flex items-center rounded-md px-1 py-px text-xs font-medium tabular-nums',
                        change > 0 ? 'bg-accent-soft text-accent' : change < 0 ? 'bg-danger-soft text-danger' : 'bg-surface-tertiary text-fg-secondary',
                      )}
                      title={t('change_title', { previous: formatCount(tile.previous, locale) })}
                    >
                      {change > 0 ? <ArrowUpRight className="size-3" aria-hidden /> : change < 0 ? <ArrowDownRight className="size-3" aria-hidden /> : null}
                      {change !== 0 ? <span className="sr-only">{change > 0 ? t('change_up') : t('change_down')}</span> : null}
                      {Math.abs(change)}%
                    </span>
                  ) : null}
                </div>
                <p className="mt-1 text-xs text-fg-tertiary">{tile.detail}</p>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
