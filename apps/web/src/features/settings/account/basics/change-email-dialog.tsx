import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailSchema } from '@confab/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { PasswordField } from '../../../../components/ui/password-field';
import { TextField } from '../../../../components/ui/text-field';
import { showToast } from '../../../../components/ui/toast-store';
import { useChangeEmail } from './account-basics-api';
import { failureMessage } from './failure-message';

/** The new address and the current password; the change waits for the link mailed to the new address. */
export function ChangeEmailDialog({ email, isOpen, onOpenChange }: { email: string; isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation(['account-settings', 'common']);
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changeEmailSchema), mode: 'onTouched', defaultValues: { email: '', currentPassword: '' } });
  const failure = failureMessage(change.error, t);

  return (
    <Dialog open={isOpen} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <DialogContent title={t('email_title')} description={t('email_description', { email })} className="max-w-md" data-testid="change-email-dialog">
        <form
          noValidate
          onSubmit={handleSubmit((values) =>
            change.mutate(values, {
              onSuccess: (answer) => {
                onOpenChange(false);
                showToast({
                  message: answer.applied ? t('email_applied') : t('email_sent', { email: answer.pendingEmail }),
                  status: 'success',
                });
              },
            }),
          )}
          className="flex flex-col gap-4 px-6 pb-6"
        >
          {failure ? <Alert testId="change-email-error">{failure}</Alert> : null}
          <TextField
            label={t('new_email')}
            type="email"
            autoComplete="email"
            autoFocus
            error={errors.email?.message}
            data-testid="change-email-new"
            {...register('email')}
          />
          <PasswordField
            label={t('current_password')}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            data-testid="change-email-password"
            {...register('currentPassword')}
          />
          <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={change.isPending}>
                {t('common:cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" isLoading={change.isPending} data-testid="change-email-submit">
              {t('email_submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
