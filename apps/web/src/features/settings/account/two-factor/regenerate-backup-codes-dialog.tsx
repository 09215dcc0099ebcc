import type { TwoFactorCodeInput } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { showToast } from '../../../../components/ui/toast-store';
import { BackupCodesList } from './backup-codes-list';
import { CodeEntryForm } from './code-entry-form';
import { regenerateBackupCodes, reloadUser } from './two-factor-api';
import { twoFactorErrorMessage } from './two-factor-errors';

/** A current code, then ten new backup codes (the old ones stop working) to download. */
export function RegenerateBackupCodesDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}) {
  const { t } = useTranslation('twoFactor');
  const [hasDownloaded, setHasDownloaded] = useState(false);
  const regenerate = useMutation({
    mutationFn: (input: TwoFactorCodeInput) => regenerateBackupCodes(input),
    onSuccess: async () => {
      showToast({ message: t('com_ui_backup_codes_regenerated'), status: 'success' });
      await reloadUser().catch(() => undefined);
    },
    onError: (error) =>
      showToast({
        message: twoFactorErrorMessage(error, t, 'com_ui_backup_codes_regenerate_error'),
        status: 'error',
      }),
  });
  const codes = regenerate.data?.backupCodes;
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('regenerate_title')} className="max-w-md" data-testid="regenerate-backup-codes-dialog">
        <div className="overflow-y-auto px-6 pb-6">
          {codes ? (
            <div>
              <Alert tone="info" className="mb-4">
                {t('regenerate_done_hint')}
              </Alert>
              <BackupCodesList
                codes={codes}
                hasDownloaded={hasDownloaded}
                onDownloaded={() => setHasDownloaded(true)}
              />
              <div className="mt-5 flex justify-end">
                <Button onClick={() => onOpenChange(false)} data-testid="twofa-done">
                  {t('done')}
                </Button>
              </div>
            </div>
          ) : (
            <CodeEntryForm
              testId="regenerate-form"
              hint={t('regenerate_hint')}
              submitLabel={t('regenerate')}
              isPending={regenerate.isPending}
              error={
                regenerate.error
                  ? twoFactorErrorMessage(regenerate.error, t, 'com_ui_backup_codes_regenerate_error')
                  : undefined
              }
              onSubmit={(input) => regenerate.mutate(input)}
              onCancel={() => onOpenChange(false)}
              onEdit={() => regenerate.isError && regenerate.reset()}
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
