import { Mail, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { showToast } from '../../../../components/ui/toast-store';
import { useAuthStore } from '../../../auth/auth-store';
import { useCancelEmailChange, usePendingEmail } from './account-basics-api';
import { AccountRow } from './account-row';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { EditProfileDialog } from './edit-profile-dialog';

type OpenDialog = 'profile' | 'email' | 'password' | null;

/**
 * Settings → Account's basics (issue 40): name and username, email (changed through a link to
 * the new address) and password (for accounts that have one; the others see "create password").
 */
export function AccountBasicsSection() {
  const { t } = useTranslation('account-settings');
  const user = useAuthStore((s) => s.user);
  const pending = usePendingEmail();
  const cancel = useCancelEmailChange();
  const [open, setOpen] = useState<OpenDialog>(null);
  // Each opening mounts a fresh dialog: nothing typed earlier survives a close.
  const [opening, setOpening] = useState(0);
  if (!user) return null;
  const show = (dialog: OpenDialog) => {
    setOpening((n) => n + 1);
    setOpen(dialog);
  };
  const onOpenChange = (isOpen: boolean) => !isOpen && setOpen(null);
  const pendingEmail = pending.data?.pendingEmail ?? null;
  const editButton = (testId: string) => (
    <Button variant="outline" size="sm" onClick={() => show('profile')} data-testid={testId}>
      <Pencil className="size-3.5" aria-hidden />
      {t('edit')}
    </Button>
  );

  return (
    <div data-testid="account-basics">
      <AccountRow
        label={t('name')}
        value={<span title={user.name} data-testid="account-name">{user.name || t('not_set')}</span>}
        action={editButton('account-name-edit')}
      />
      <AccountRow
        label={t('username')}
        value={<span title={user.username} data-testid="account-username">{user.username || t('not_set')}</span>}
        action={editButton('account-username-edit')}
      />
      <AccountRow
        label={t('email')}
        value={<span title={user.email} data-testid="account-email">{user.email}</span>}
        note={
          pendingEmail ? (
            <span className="inline-flex flex-wrap items-center gap-x-1.5" data-testid="account-pending-email">
              <Mail className="size-3.5 shrink-0 text-accent" aria-hidden />
              <span>{t('email_pending', { email: pendingEmail })}</span>
              <Button
                variant="link"
                className="text-[13px]"
                isLoading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, { onSuccess: () => showToast({ message: t('email_cancelled'), status: 'success' }) })
                }
                data-testid="account-pending-email-cancel"
              >
                {t('email_cancel')}
              </Button>
            </span>
          ) : undefined
        }
        action={
          user.hasPassword ? (
            <Button variant="outline" size="sm" onClick={() => show('email')} data-testid="account-email-change">
              {t('email_change')}
            </Button>
          ) : undefined
        }
      />
      {user.hasPassword ? (
        <AccountRow
          label={t('password')}
          value={<span aria-hidden>••••••••••</span>}
          note={t('password_note')}
          action={
            <Button variant="outline" size="sm" onClick={() => show('password')} data-testid="account-password-change">
              {t('password_change')}
            </Button>
          }
        />
      ) : null}
      {opening > 0 && open === 'profile' ? (
        <EditProfileDialog key={opening} name={user.name} username={user.username} isOpen onOpenChange={onOpenChange} />
      ) : null}
      {opening > 0 && open === 'email' ? (
        <ChangeEmailDialog key={opening} email={user.email} isOpen onOpenChange={onOpenChange} />
      ) : null}
      {opening > 0 && open === 'password' ? (
        <ChangePasswordDialog key={opening} email={user.email} isOpen onOpenChange={onOpenChange} />
      ) : null}
    </div>
  );
}
