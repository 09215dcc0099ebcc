import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { rangeDays, USAGE_PRESETS, utcToday, type UsageRangeChoice } from './use-usage-report';

const MAX_DAYS = 366;

/** 7, 30 or 90 days up to today (UTC), or two days of one's choosing. */
export function UsageRangePicker({ choice, onChange }: { choice: UsageRangeChoice; onChange(choice: UsageRangeChoice): void }) {
  const { t } = useTranslation('admin-usage');
  const [isCustomOpen, setCustomOpen] = useState(choice.kind === 'custom');
  const current = rangeDays(choice);
  const [from, setFrom] = useState(current.from);
  const [to, setTo] = useState(current.to);
  const span = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const problem = !from || !to ? t('custom_incomplete') : span < 1 ? t('custom_reversed') : span > MAX_DAYS ? t('custom_too_long', { max: MAX_DAYS }) : null;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) onChange({ kind: 'custom', from, to });
  };
  const segment = (isActive: boolean) =>
    cn(
      'focus-ring rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
      isActive ? 'bg-surface text-fg shadow-sm' : 'text-fg-secondary hover:text-fg',
    );

  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t('range_label')} className="inline-flex w-fit gap-0.5 rounded-xl bg-surface-tertiary p-1">
        {USAGE_PRESETS.map((days) => {
          const isActive = !isCustomOpen && choice.kind === 'preset' && choice.days === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={isActive}
              data-testid={`usage-range-${days}`}
              className={segment(isActive)}
              onClick={() => {
                setCustomOpen(false);
                onChange({ kind: 'preset', days });
              }}
            >
              {t('range_days', { count: days })}
            </button>
          );
        })}
        <button type="button" aria-pressed={isCustomOpen} aria-expanded={isCustomOpen} data-testid="usage-range-custom" className={segment(isCustomOpen)} onClick={() => setCustomOpen(true)}>
          {t('range_custom')}
        </button>
      </div>
      {isCustomOpen ? (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" data-testid="usage-custom-range">
          <label className="flex flex-col gap-1 text-xs font-medium text-fg-secondary">
            {t('custom_from')}
            <input type="date" value={from} max={to || utcToday()} onChange={(e) => setFrom(e.target.value)} className="focus-ring h-9 rounded-lg border border-line-control bg-surface px-2 text-sm text-fg" data-testid="usage-custom-from" />
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-fg-secondary">
            {t('custom_to')}
            <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} className="focus-ring h-9 rounded-lg border border-line-control bg-surface px-2 text-sm text-fg" data-testid="usage-custom-to" />
          </label>
          <Button type="submit" size="sm" disabled={problem !== null || (choice.kind === 'custom' && from === current.from && to === current.to)} data-testid="usage-custom-apply">
            {t('custom_apply')}
          </Button>
          {problem && from && to ? <p className="w-full text-xs text-danger" role="alert">{problem}</p> : null}
        </form>
      ) : null}
    </div>
  );
}
