import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { queryClient } from '../../../../lib/query-client';
import { endSession } from '../../../auth/auth-store';
import { emailMatches } from './confirm-email';
import { deleteAccount } from './delete-account-api';

interface DeleteAccountDialogProps {
  email: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The typed-email lock (SPEC 4): Delete stays disabled until the account's email is typed. */
export function DeleteAccountDialog({ email, open, onOpenChange }: DeleteAccountDialogProps) {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [isDeleting, setIsDeleting] = useState(false);
  const [failed, setFailed] = useState(false);
  const confirmed = emailMatches(typed, email);

  function changeOpen(next: boolean) {
    // Closing mid-request would hide the outcome; the request decides what happens next.
    if (isDeleting) return;
    if (!next) {
      setTyped('');
      setFailed(false);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed || isDeleting) return;
    setIsDeleting(true);
    setFailed(false);
    try {
      await deleteAccount(typed.trim());
    } catch {
      setIsDeleting(false);
      setFailed(true);
      return;
    }
    // The sessions are gone with the account; this clears what the browser still holds.
    await endSession();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        title={t('delete_dialog_title')}
        description={t('delete_dialog_description')}
        className="max-w-md"
        data-testid="delete-account-dialog"
      >
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 px-6 pb-6" noValidate>
          {failed ? <Alert testId="delete-account-error">{t('delete_failed')}</Alert> : null}
          <TextField
            label={t('delete_confirm_label')}
            hint={t('delete_confirm_hint', { email })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            type="email"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            disabled={isDeleting}
            data-testid="delete-account-email"
          />
          <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={isDeleting}>
                {t('common:cancel')}
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="danger"
              disabled={!confirmed}
              isLoading={isDeleting}
              data-testid="delete-account-confirm"
            >
              {t('delete_confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
