import { zodResolver } from '@hookform/resolvers/zod';
import { profileNameSchema, profileUsernameSchema } from '@confab/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { showToast } from '../../../../components/ui/toast-store';
import { useUpdateProfile } from './account-basics-api';
import { failureMessage } from './failure-message';

const profileFormSchema = z.object({ name: profileNameSchema, username: profileUsernameSchema });

/** Name (3–80) and username (2–80, or none), checked by the same schemas as the server's. */
export function EditProfileDialog({
  name,
  username,
  isOpen,
  onOpenChange,
}: {
  name: string;
  username: string;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation(['account-settings', 'common']);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(profileFormSchema), mode: 'onTouched', defaultValues: { name, username } });
  const failure = failureMessage(update.error, t);

  return (
    <Dialog open={isOpen} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent title={t('profile_title')} description={t('profile_description')} className="max-w-md" data-testid="edit-profile-dialog">
        <form
          noValidate
          onSubmit={handleSubmit((values) =>
            update.mutate(values, {
              onSuccess: () => {
                onOpenChange(false);
                showToast({ message: t('profile_saved'), status: 'success' });
              },
            }),
          )}
          className="flex flex-col gap-4 px-6 pb-6"
        >
          {failure ? <Alert>{failure}</Alert> : null}
          <TextField label={t('name')} autoComplete="name" autoFocus error={errors.name?.message} data-testid="profile-name" {...register('name')} />
          <TextField
            label={t('username')}
            hint={t('username_hint')}
            autoComplete="username"
            error={errors.username?.message}
            data-testid="profile-username"
            {...register('username')}
          />
          <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={update.isPending}>
                {t('common:cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" isLoading={update.isPending} disabled={!isDirty} data-testid="profile-save">
              {t('save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
