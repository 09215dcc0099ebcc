import type { PasskeySummary } from '@confab/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { showToast } from '../../../../components/ui/toast-store';
import { passkeyErrorMessage } from './passkey-ceremony';
import { PasskeyNameField, passkeyNameError } from './passkey-name-field';
import { useRenamePasskey } from './use-passkeys';

export function RenamePasskeyDialog({ passkey, onClose }: { passkey: PasskeySummary | null; onClose(): void }) {
  const { t } = useTranslation('passkeys');
  return (
    <Dialog open={passkey !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={t('rename_title')} className="max-w-md" data-testid="rename-passkey-dialog">
        {passkey ? <RenameForm key={passkey.id} passkey={passkey} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeySummary; onDone(): void }) {
  const { t } = useTranslation(['passkeys', 'common']);
  const [name, setName] = useState(passkey.name);
  const rename = useRenamePasskey();
  const nameError = passkeyNameError(name, t);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nameError) return;
    if (name.trim() === passkey.name) return onDone();
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => {
          showToast({ message: t('renamed'), status: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 px-6 pb-6">
      {rename.error ? <Alert tone="error">{passkeyErrorMessage(rename.error, t)}</Alert> : null}
      <PasskeyNameField label={t('name_label')} value={name} onChange={setName} error={nameError} />
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('common:cancel')}
        </Button>
        <Button
          type="submit"
          isLoading={rename.isPending}
          disabled={Boolean(nameError)}
          data-testid="passkey-rename-save"
        >
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
