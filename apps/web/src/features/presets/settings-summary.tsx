import type { ModelSettings } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { pickSettings } from '../chat/header/conversation-settings';

/** Settings that are who a preset is, not how it samples: left out of the summary. */
const HIDDEN = new Set(['spec', 'iconURL', 'modelLabel', 'greeting']);

/** The settings a preset carries, as small chips ("Temperature 0.4", "Custom instructions"). */
export function SettingsSummary({ settings, className }: { settings: ModelSettings; className?: string }) {
  const { t } = useTranslation('parameters');
  const entries = Object.entries(pickSettings(settings)).filter(([key]) => !HIDDEN.has(key));
  if (entries.length === 0) {
    return <p className={cn('text-xs text-fg-tertiary', className)}>{t('summary_defaults')}</p>;
  }
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} data-testid="settings-summary">
      {entries.map(([key, value]) => {
        const label = t(`fields.${key}.label`, { defaultValue: key });
        const shown =
          key === 'promptPrefix' || key === 'system'
            ? null
            : Array.isArray(value)
              ? value.length
              : typeof value === 'boolean'
                ? t(value ? 'on' : 'off')
                : String(value);
        return (
          <li key={key} className="rounded-md bg-surface px-1.5 py-0.5 text-xs text-fg-secondary ring-1 ring-line">
            {label}
            {shown !== null ? <span className="ml-1 font-medium text-fg tabular-nums">{shown}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
