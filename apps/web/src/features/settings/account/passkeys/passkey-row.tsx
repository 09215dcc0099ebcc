import type { PasskeySummary } from '@confab/shared';
import type { TFunction } from 'i18next';
import { Cloud, KeyRound, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../../components/ui/icon-button';
import { Tooltip } from '../../../../components/ui/tooltip';

function formatDay(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "today", "yesterday", "3 days ago" for the last week, the date after that: short enough for one line. */
function lastUsedLabel(iso: string, language: string, t: TFunction<'passkeys'>): string {
  const used = new Date(iso);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(new Date()) - startOf(used)) / DAY_MS);
  if (days <= 0) return t('last_used_today');
  if (days < 7)
    return t('last_used', { date: new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-days, 'day') });
  return t('last_used', { date: formatDay(iso, language) });
}

export function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: PasskeySummary;
  onRename(): void;
  onRemove(): void;
}) {
  const { t, i18n } = useTranslation('passkeys');
  return (
    <li className="flex items-center gap-3 px-3.5 py-3 sm:px-4" data-testid="passkey-row" data-passkey-id={passkey.id}>
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent"
        aria-hidden
      >
        <KeyRound className="size-[18px]" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <p className="truncate text-sm font-medium text-fg" title={passkey.name} data-testid="passkey-name">
            {passkey.name}
          </p>
          {passkey.backedUp ? (
            <Tooltip content={t('synced_hint')}>
              <span
                className="inline-flex shrink-0 items-center gap-1 rounded-full border border-line bg-surface-tertiary px-2 py-0.5 text-[11px] font-medium text-fg-secondary"
                data-testid="passkey-synced"
                tabIndex={0}
              >
                <Cloud className="size-3" aria-hidden />
                {t('synced')}
              </span>
            </Tooltip>
          ) : null}
        </div>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-[13px] sm:gap-x-1.5 text-fg-tertiary">
          <span>{t('created', { date: formatDay(passkey.createdAt, i18n.language) })}</span>
          <span aria-hidden className="hidden sm:inline">
            ·
          </span>
          <span data-testid="passkey-last-used">
            {passkey.lastUsedAt ? lastUsedLabel(passkey.lastUsedAt, i18n.language, t) : t('never_used')}
          </span>
        </p>
      </div>
      <div className="flex shrink-0 items-center">
        <IconButton label={t('rename')} size="icon-sm" onClick={onRename} data-testid="passkey-rename">
          <Pencil />
        </IconButton>
        <IconButton
          label={t('remove')}
          size="icon-sm"
          onClick={onRemove}
          className="text-fg-secondary hover:text-danger"
          data-testid="passkey-remove"
        >
          <Trash2 />
        </IconButton>
      </div>
    </li>
  );
}
