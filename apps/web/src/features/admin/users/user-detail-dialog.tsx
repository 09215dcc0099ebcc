import type { AdminUser } from '@confab/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogCloseButton, DialogContent } from '../../../components/ui/dialog';
import { useAuthStore } from '../../auth/auth-store';
import { useAdminUser } from './admin-users-api';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserAccountSection } from './user-account-section';
import { RoleBadge, StatusBadge, UserInitials } from './user-badges';
import { UserBanSection } from './user-ban-section';
import { UserCreditsSection } from './user-credits-section';
import { formatAgo, formatDay, formatMoment } from './user-format';
import { UserSection } from './user-section';

function Fact({ label, value, title }: { label: string; value: string; title?: string | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-tertiary">{label}</dt>
      <dd className="truncate text-sm text-fg" title={title}>
        {value}
      </dd>
    </div>
  );
}

/** The dialog's top: who this is, with the close button. */
function PanelHeader({ initial }: { initial: AdminUser }) {
  const { data: user } = useAdminUser(initial);
  return (
    <div className="flex items-start gap-3 border-b border-line px-4 pt-5 pb-4 sm:px-6">
      <UserInitials user={user} className="size-11 text-sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate text-base font-semibold text-fg" data-testid="admin-user-name">
            {user.name}
          </span>
          <RoleBadge user={user} />
          <StatusBadge user={user} />
        </div>
        <div className="truncate text-sm text-fg-secondary">
          {user.email}
          {user.username ? <span className="text-fg-tertiary"> · @{user.username}</span> : null}
        </div>
      </div>
      <DialogCloseButton className="-mr-2" />
    </div>
  );
}

function Panel({ initial, onClose }: { initial: AdminUser; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-users');
  const { data: user } = useAdminUser(initial);
  const me = useAuthStore((s) => s.user);
  const isSelf = me?.id === user.id;
  const [isDeleting, setIsDeleting] = useState(false);
  const provider = user.provider === 'local' ? t('provider_local') : user.provider;
  return (
    <>
      <div
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-4 sm:px-6"
        data-testid="admin-user-panel"
      >
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
          <Fact label={t('fact_provider')} value={provider} />
          <Fact
            label={t('fact_created')}
            value={formatDay(user.createdAt, i18n.language)}
            title={formatMoment(user.createdAt, i18n.language)}
          />
          <Fact
            label={t('fact_last_active')}
            value={user.lastActiveAt ? formatAgo(user.lastActiveAt, i18n.language) : t('never')}
            title={user.lastActiveAt ? formatMoment(user.lastActiveAt, i18n.language) : undefined}
          />
        </dl>
        <UserAccountSection user={user} />
        <UserBanSection user={user} isSelf={isSelf} />
        <UserCreditsSection user={user} />
        <UserSection
          title={t('delete_section')}
          description={t('delete_section_hint')}
          tone="danger"
          testId="admin-user-danger"
        >
          <Button
            variant="outline"
            className="border-danger-line text-danger hover:bg-danger-soft"
            disabled={isSelf}
            onClick={() => setIsDeleting(true)}
            data-testid="admin-user-delete"
          >
            <Trash2 className="size-4" aria-hidden />
            {t('delete_open')}
          </Button>
          {isSelf ? <p className="mt-2 text-xs text-fg-tertiary">{t('delete_self')}</p> : null}
        </UserSection>
      </div>
      <DeleteUserDialog user={user} isOpen={isDeleting} onOpenChange={setIsDeleting} onDeleted={onClose} />
    </>
  );
}

/** Everything about one user and every action on them, over the list. */
export function UserDetailDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('admin-users');
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={user?.name ?? t('user')}
        header={user ? <PanelHeader key={user.id} initial={user} /> : undefined}
        className="max-h-[92dvh] max-w-2xl sm:max-h-[88dvh]"
        data-testid="admin-user-dialog"
      >
        {user ? <Panel key={user.id} initial={user} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
