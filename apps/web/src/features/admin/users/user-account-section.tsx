import { ROLES, type AdminUser, type Role } from '@confab/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { showToast } from '../../../components/ui/toast-store';
import { ConfirmDialog } from '../../conversations/confirm-dialog';
import { adminUserError } from './admin-user-errors';
import { useUserAction, type UserAction } from './admin-users-api';
import { UserSection } from './user-section';

function Row({ label, hint, children }: { label: string; hint: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2 py-2.5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <div className="text-sm font-medium text-fg">{label}</div>
        <div className="text-[13px] leading-snug text-fg-secondary">{hint}</div>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}

/** Role, the address's verification and two-factor: what decides how the person signs in and what they may do. */
export function UserAccountSection({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin-users');
  const action = useUserAction(user.id);
  const [isResetting, setIsResetting] = useState(false);
  const run = (next: UserAction, done: string) =>
    action.mutate(next, {
      onSuccess: () => {
        setIsResetting(false);
        showToast({ message: done });
      },
      onError: (error) => showToast({ message: adminUserError(error, t), status: 'error' }),
    });

  return (
    <UserSection title={t('account_title')} testId="admin-user-account">
      <div className="divide-y divide-line">
        <Row label={t('role_label')} hint={t(user.role === 'ADMIN' ? 'role_admin_hint' : 'role_user_hint')}>
          <Select
            aria-label={t('role_label')}
            value={user.role}
            isDisabled={action.isPending}
            onValueChange={(role) =>
              run({ type: 'role', role: role as Role }, t('role_changed', { name: user.name, role: t(`role_${role}`) }))
            }
            options={ROLES.map((role) => ({ value: role, label: t(`role_${role}`) }))}
            className="w-40"
            data-testid="admin-user-role-select"
          />
        </Row>
        <Row
          label={t('email_label')}
          hint={t(user.emailVerified ? 'email_verified' : user.isInvited ? 'email_invited' : 'email_unverified')}
        >
          {user.emailVerified ? null : (
            <Button
              variant="outline"
              size="sm"
              isLoading={action.isPending && action.variables?.type === 'verify_email'}
              onClick={() => run({ type: 'verify_email' }, t('email_marked_verified', { email: user.email }))}
              data-testid="admin-user-verify-email"
            >
              {t('email_verify_action')}
            </Button>
          )}
        </Row>
        <Row
          label={t('two_factor_label')}
          hint={t(user.twoFactorEnabled ? 'two_factor_on_hint' : 'two_factor_off_hint')}
        >
          {user.twoFactorEnabled ? (
            <Button variant="outline" size="sm" onClick={() => setIsResetting(true)} data-testid="admin-user-reset-2fa">
              {t('two_factor_reset')}
            </Button>
          ) : null}
        </Row>
      </div>
      <ConfirmDialog
        isOpen={isResetting}
        onOpenChange={setIsResetting}
        title={t('two_factor_reset_title', { name: user.name })}
        confirmLabel={t('two_factor_reset')}
        isPending={action.isPending}
        onConfirm={() => run({ type: 'reset_two_factor' }, t('two_factor_was_reset', { name: user.name }))}
        testId="admin-user-reset-2fa-dialog"
      >
        {t('two_factor_reset_body')}
      </ConfirmDialog>
    </UserSection>
  );
}
