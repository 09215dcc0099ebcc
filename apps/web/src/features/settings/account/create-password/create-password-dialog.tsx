import { zodResolver } from '@hookform/resolvers/zod';
import { createPasswordSchema } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { PasswordField } from '../../../../components/ui/password-field';
import { showToast } from '../../../../components/ui/toast-store';
import { ApiError } from '../../../../lib/api-client';
import { postCreatePassword } from '../../../auth/auth-api';
import { useAuthStore } from '../../../auth/auth-store';

interface CreatePasswordDialogProps {
  email: string;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
}

/** The new password twice (SPEC 5's messages); on success the account can also sign in by email. */
export function CreatePasswordDialog({ email, isOpen, onOpenChange }: CreatePasswordDialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  const setUser = useAuthStore((s) => s.setUser);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(createPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm_password: '' },
  });
  const create = useMutation({
    mutationFn: postCreatePassword,
    onSuccess: ({ user }) => {
      setUser(user);
      onOpenChange(false);
      showToast({ message: t('password_created'), status: 'success' });
    },
  });
  const failure =
    create.error instanceof ApiError && create.error.message
      ? create.error.message
      : create.error
        ? t('password_create_error')
        : null;

  return (
    <Dialog open={isOpen} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent
        title={t('create_password_title')}
        description={t('create_password_dialog_description')}
        className="max-w-md"
        data-testid="create-password-dialog"
      >
        <form
          noValidate
          onSubmit={handleSubmit((values) => create.mutate(values))}
          className="flex flex-col gap-4 px-6 pb-6"
        >
          {failure ? <Alert testId="create-password-error">{failure}</Alert> : null}
          {/* The account for password managers, which save the new password under it. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label={t('new_password')}
            autoComplete="new-password"
            autoFocus
            error={errors.password?.message}
            data-testid="create-password-new"
            {...register('password')}
          />
          <PasswordField
            label={t('confirm_password')}
            autoComplete="new-password"
            error={errors.confirm_password?.message}
            data-testid="create-password-confirm"
            {...register('confirm_password')}
          />
          <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={create.isPending}>
                {t('common:cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" isLoading={create.isPending} data-testid="create-password-submit">
              {t('create_password')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
