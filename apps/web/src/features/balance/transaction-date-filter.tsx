import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { IconButton } from '../../components/ui/icon-button';

const inputClass =
  'h-9 w-full min-w-0 rounded-lg border border-line-control bg-surface px-2.5 text-sm text-fg tabular-nums max-sm:px-2 outline-none transition-[border-color,box-shadow] focus:border-accent focus:ring-3 focus:ring-accent/20';

/** From and To days; either may stay open. The other bound keeps a range that reads forwards. */
export function TransactionDateFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange(range: { from: string; to: string }): void;
}) {
  const { t } = useTranslation('balance');
  const id = useId();
  return (
    <div className="flex items-end gap-2" data-testid="transaction-date-filter">
      <label
        className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-fg-secondary sm:w-40 sm:flex-none"
        htmlFor={`${id}-from`}
      >
        {t('filter_from')}
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value, to })}
          className={inputClass}
          data-testid="transaction-date-from"
        />
      </label>
      <label
        className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-fg-secondary sm:w-40 sm:flex-none"
        htmlFor={`${id}-to`}
      >
        {t('filter_to')}
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ from, to: event.target.value })}
          className={inputClass}
          data-testid="transaction-date-to"
        />
      </label>
      {from || to ? (
        <IconButton
          label={t('filter_clear')}
          size="icon-sm"
          className="mb-0.5"
          onClick={() => onChange({ from: '', to: '' })}
          data-testid="transaction-date-clear"
        >
          <X />
        </IconButton>
      ) : null}
    </div>
  );
}
