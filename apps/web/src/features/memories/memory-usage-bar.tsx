import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** From here on the bar turns red: the next memory may not fit. */
const NEARLY_FULL_PERCENT = 90;

/** How much of `memory.tokenLimit` the memories hold ("34% of memory used"); shown only with a limit. */
export function MemoryUsageBar({ percent, used, limit }: { percent: number; used: number; limit: number }) {
  const { t, i18n } = useTranslation('memories');
  const clamped = Math.max(0, Math.min(100, Math.round(percent)));
  const isNearlyFull = clamped >= NEARLY_FULL_PERCENT;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div data-testid="memory-usage">
      <div className="flex items-baseline justify-between gap-3 text-[13px]">
        <span id="memory-usage-label" className="font-medium text-fg-secondary">
          {t('usage', { percent: clamped })}
        </span>
        <span className="text-fg-tertiary tabular-nums">
          {t('usage_detail', { used: number.format(used), limit: number.format(limit) })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="memory-usage-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-line dark:bg-line-strong"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-300',
            isNearlyFull ? 'bg-danger' : 'bg-accent',
          )}
          style={{ width: `${clamped}%` }}
        />
      </div>
      {clamped >= 100 ? <p className="mt-1.5 text-[13px] leading-snug text-danger">{t('usage_full')}</p> : null}
    </div>
  );
}
