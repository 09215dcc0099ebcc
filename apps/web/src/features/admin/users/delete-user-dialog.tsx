import type { AdminUser } from '@confab/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toast-store';
import { adminUserError } from './admin-user-errors';
import { useDeleteUser } from './admin-users-api';

/** Deleting a user and all their data: the administrator types the user's email to go ahead. */
export function DeleteUserDialog({
  user,
  isOpen,
  onOpenChange,
  onDeleted,
}: {
  user: AdminUser;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('admin-users');
  const { t: tc } = useTranslation('common');
  const remove = useDeleteUser(user.id);
  const [typed, setTyped] = useState('');
  const isMatch = typed.trim().toLowerCase() === user.email.toLowerCase();
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) setTyped('');
        onOpenChange(open);
      }}
    >
      <DialogContent
        title={t('delete_title', { name: user.name })}
        className="max-w-md"
        data-testid="admin-user-delete-dialog"
      >
        <form
          className="px-6 pb-6"
          onSubmit={(e) => {
            e.preventDefault();
            if (!isMatch) return;
            remove.mutate(typed.trim(), {
              onSuccess: () => {
                showToast({ message: t('deleted', { email: user.email }) });
                onDeleted();
              },
              onError: (error) => showToast({ message: adminUserError(error, t), status: 'error' }),
            });
          }}
        >
          <p className="text-[15px] leading-relaxed text-fg-secondary">{t('delete_body')}</p>
          <TextField
            className="mt-4"
            label={t('delete_type_email', { email: user.email })}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="admin-user-delete-confirm"
          />
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {tc('cancel')}
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={!isMatch}
              isLoading={remove.isPending}
              data-testid="admin-user-delete-submit"
            >
              {t('delete_action')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
