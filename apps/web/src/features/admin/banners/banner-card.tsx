import type { AdminBanner } from '@confab/shared';
import { Globe, Lock, Pencil, Pin, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button';
import { cn } from '../../../lib/cn';
import BannerMarkdown from '../../banner/banner-markdown';

const STATUS_STYLES: Record<AdminBanner['status'], string> = {
  live: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  scheduled: 'bg-accent-soft text-accent',
  ended: 'bg-surface-tertiary text-fg-tertiary',
};

function Chip({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-[12px] font-medium text-fg-secondary [&_svg]:size-3">
      {icon}
      {children}
    </span>
  );
}

/** One banner in the admin's list: its status, message, window and who sees it. */
export function BannerCard({ banner, onEdit, onDelete }: { banner: AdminBanner; onEdit(): void; onDelete(): void }) {
  const { t, i18n } = useTranslation('admin-banners');
  const format = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <li
      className={cn('flex gap-3 rounded-2xl border border-line bg-surface px-4 py-3.5 sm:px-5', banner.status === 'ended' && 'opacity-75')}
      data-testid="banner-card"
      data-banner-id={banner.bannerId}
      data-status={banner.status}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn('rounded-full px-2 py-0.5 text-[12px] font-semibold', STATUS_STYLES[banner.status])} data-testid="banner-status">
            {t(`status_${banner.status}`)}
          </span>
          <span className="text-[13px] text-fg-tertiary">
            {banner.displayTo
              ? t('window', { from: format(banner.displayFrom), to: format(banner.displayTo) })
              : t('window_open', { from: format(banner.displayFrom) })}
          </span>
        </div>
        <BannerMarkdown text={banner.message} className="mt-2 line-clamp-3 text-[15px] leading-relaxed break-words text-fg [&_a]:text-accent" />
        <div className="mt-2.5 flex flex-wrap gap-1.5">
          {banner.isPublic ? <Chip icon={<Globe />}>{t('chip_public')}</Chip> : <Chip icon={<Lock />}>{t('chip_members')}</Chip>}
          {banner.persistable ? <Chip icon={<Pin />}>{t('chip_persistent')}</Chip> : <Chip icon={<X />}>{t('chip_dismissible')}</Chip>}
        </div>
      </div>
      <div className="-mr-1.5 flex shrink-0 items-start">
        <IconButton label={t('edit')} size="icon-sm" onClick={onEdit} data-testid="banner-edit">
          <Pencil />
        </IconButton>
        <IconButton label={t('delete')} size="icon-sm" onClick={onDelete} className="text-fg-secondary hover:text-danger" data-testid="banner-delete">
          <Trash2 />
        </IconButton>
      </div>
    </li>
  );
}
