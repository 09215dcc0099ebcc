import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { queryClient } from '../../lib/query-client';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { revokeAllKeys } from './keys-api';
import { keyKeys } from './use-endpoint-key';

/** Settings → Data → Revoke all keys (SPEC 2), behind a confirmation. */
export function RevokeAllKeysButton() {
  const { t } = useTranslation('endpoints');
  const [isConfirming, setIsConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: revokeAllKeys,
    onSuccess: () => {
      // Every key prompt and status row (['userKey', name]) reads again at once.
      void queryClient.invalidateQueries({ queryKey: keyKeys.all });
      showToast({ message: t('keys.revoke_all_done'), status: 'success' });
      setIsConfirming(false);
    },
    onError: () => showToast({ message: t('keys.revoke_all_failed'), status: 'error' }),
  });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 border-danger-line text-danger hover:bg-danger-soft"
        onClick={() => setIsConfirming(true)}
        data-testid="revoke-all-keys"
      >
        {t('keys.revoke_all')}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('keys.revoke_all_title')}
        confirmLabel={t('keys.revoke_all_confirm')}
        isPending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        testId="revoke-all-keys-dialog"
      >
        {t('keys.revoke_all_body')}
      </ConfirmDialog>
    </>
  );
}
