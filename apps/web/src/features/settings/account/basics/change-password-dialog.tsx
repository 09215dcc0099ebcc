import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@confab/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { PasswordField } from '../../../../components/ui/password-field';
import { showToast } from '../../../../components/ui/toast-store';
import { useChangePassword } from './account-basics-api';
import { failureMessage } from './failure-message';

/** The current password, then the new one twice; every other device is signed out on success. */
export function ChangePasswordDialog({ email, isOpen, onOpenChange }: { email: string; isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation(['account-settings', 'common']);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const failure = failureMessage(change.error, t);

  return (
    <Dialog open={isOpen} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <DialogContent title={t('password_title')} description={t('password_description')} className="max-w-md" data-testid="change-password-dialog">
        <form
          noValidate
          onSubmit={handleSubmit((values) =>
            change.mutate(values, {
              onSuccess: () => {
                onOpenChange(false);
                showToast({ message: t('password_changed'), status: 'success' });
              },
            }),
          )}
          className="flex flex-col gap-4 px-6 pb-6"
        >
          {failure ? <Alert testId="change-password-error">{failure}</Alert> : null}
          {/* The account for password managers, which update the saved password under it. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label={t('current_password')}
            autoComplete="current-password"
            autoFocus
            error={errors.currentPassword?.message}
            data-testid="change-password-current"
            {...register('currentPassword')}
          />
          <PasswordField
            label={t('new_password')}
            autoComplete="new-password"
            error={errors.newPassword?.message}
            data-testid="change-password-new"
            {...register('newPassword')}
          />
          <PasswordField
            label={t('confirm_password')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            data-testid="change-password-confirm"
            {...register('confirmPassword')}
          />
          <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={change.isPending}>
                {t('common:cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" isLoading={change.isPending} data-testid="change-password-submit">
              {t('password_submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
