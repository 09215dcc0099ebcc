import type { AdminBanner } from '@confab/shared';
import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toast-store';
import { useDocumentTitle } from '../../config/use-document-title';
import { ConfirmDialog } from '../../conversations/confirm-dialog';
import { useAdminBanners, useDeleteBanner } from './admin-banners-api';
import { BannerCard } from './banner-card';
import { BannerDialog } from './banner-dialog';

type Editing = { banner: AdminBanner | null; opening: number } | null;

/** Admin → Banners (issue 40): the announcements over the app, scheduled, live or ended. */
export function AdminBannersPage() {
  const { t } = useTranslation(['admin-banners', 'common']);
  const banners = useAdminBanners();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AdminBanner | null>(null);
  const [openings, setOpenings] = useState(0);
  useDocumentTitle(t('title'));
  const open = (banner: AdminBanner | null) => {
    setOpenings((n) => n + 1);
    setEditing({ banner, opening: openings + 1 });
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 sm:pt-8" data-testid="admin-banners-page">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold tracking-tight text-fg">{t('title')}</h1>
          <p className="mt-1 max-w-xl text-sm text-fg-secondary">{t('description')}</p>
        </div>
        <Button onClick={() => open(null)} className="self-start sm:self-auto" data-testid="banner-create">
          <Plus className="size-4" aria-hidden />
          {t('create')}
        </Button>
      </header>

      {banners.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden>
          {[0, 1].map((i) => (
            <div key={i} className="h-28 animate-pulse rounded-2xl bg-surface-tertiary/70" />
          ))}
        </div>
      ) : banners.isError ? (
        <div className="flex flex-col items-center py-12 text-center">
          <p className="text-[15px] text-fg-secondary">{t('load_failed')}</p>
          <Button variant="outline" className="mt-4" onClick={() => void banners.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : banners.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center" data-testid="admin-banners-empty">
          <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent" aria-hidden>
            <Megaphone className="size-5" />
          </span>
          <h2 className="mt-3 text-base font-semibold text-fg">{t('empty_title')}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-fg-secondary">{t('empty_body')}</p>
        </div>
      ) : (
        <>
          <p className="text-[13px] text-fg-tertiary">{t('current_rule')}</p>
          <ul className="flex flex-col gap-3" data-testid="banner-list">
            {banners.data.map((banner) => (
              <BannerCard key={banner.bannerId} banner={banner} onEdit={() => open(banner)} onDelete={() => setRemoving(banner)} />
            ))}
          </ul>
        </>
      )}

      {editing ? (
        <BannerDialog key={editing.opening} banner={editing.banner} isOpen onOpenChange={(isOpen) => !isOpen && setEditing(null)} />
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(isOpen) => !isOpen && setRemoving(null)}
        title={t('delete_title')}
        confirmLabel={t('delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.bannerId, {
            onSuccess: () => showToast({ message: t('deleted'), status: 'success' }),
            onError: (err) => showToast({ message: err.message, status: 'error' }),
            onSettled: () => setRemoving(null),
          })
        }
        testId="banner-delete-confirm"
      >
        {t('delete_body')}
      </ConfirmDialog>
    </div>
  );
}
