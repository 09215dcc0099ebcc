import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { showToast } from '../../../../components/ui/toast-store';
import { defaultPasskeyName } from './default-passkey-name';
import { isCancelled, passkeyErrorMessage } from './passkey-ceremony';
import { PasskeyNameField, passkeyNameError } from './passkey-name-field';
import { useAddPasskey } from './use-passkeys';

/** Asks a name (a suggestion from the browser and system), then hands over to the browser's sheet. */
export function AddPasskeyDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const { t } = useTranslation('passkeys');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('add_title')}
        description={t('add_description')}
        className="max-w-md"
        data-testid="add-passkey-dialog"
      >
        {/* Mounted per opening: every opening starts from a fresh suggestion and no old error. */}
        {isOpen ? <AddPasskeyForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddPasskeyForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation(['passkeys', 'common']);
  const [name, setName] = useState(defaultPasskeyName);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const add = useAddPasskey();
  const nameError = isSubmitted ? passkeyNameError(name, t) : undefined;
  const failure = add.error && !isCancelled(add.error) ? passkeyErrorMessage(add.error, t) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (passkeyNameError(name, t)) return;
    add.mutate(name.trim(), {
      onSuccess: () => {
        showToast({ message: t('added'), status: 'success' });
        onDone();
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 px-6 pb-6">
      {failure ? (
        <Alert tone="error" testId="passkey-add-error">
          {failure}
        </Alert>
      ) : null}
      <PasskeyNameField
        label={t('name_label')}
        hint={t('name_hint')}
        value={name}
        onChange={setName}
        error={nameError}
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" isLoading={add.isPending} data-testid="passkey-add-continue">
          {t('continue')}
        </Button>
      </div>
    </form>
  );
}
