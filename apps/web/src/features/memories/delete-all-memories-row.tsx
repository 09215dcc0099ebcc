import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { SettingsRow } from '../settings/settings-row';
import { memoryErrorText } from './memory-errors';
import { useDeleteAllMemories } from './memory-queries';

/** Settings → Personalization → "Delete all memories", behind a confirmation (there is no undo for this one). */
export function DeleteAllMemoriesRow({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation('memories');
  const [isConfirming, setIsConfirming] = useState(false);
  const removeAll = useDeleteAllMemories();
  const confirm = () =>
    removeAll.mutate(keys, {
      onSuccess: (failed) =>
        failed
          ? showToast({ message: t('delete_all_partial', { count: failed }), status: 'error' })
          : showToast({ message: t('delete_all_done') }),
      onError: (err) => showToast({ message: memoryErrorText(err, t), status: 'error' }),
      onSettled: () => setIsConfirming(false),
    });
  return (
    <div className="mt-4 border-t border-line">
      <SettingsRow label={t('delete_all_label')} description={t('delete_all_description')}>
        <Button
          variant="outline"
          size="sm"
          className="border-danger-line text-danger hover:bg-danger-soft"
          onClick={() => setIsConfirming(true)}
          data-testid="memory-delete-all"
        >
          {t('delete_all')}
        </Button>
      </SettingsRow>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('delete_all_title')}
        confirmLabel={t('delete_all')}
        isPending={removeAll.isPending}
        onConfirm={confirm}
        testId="memory-delete-all-dialog"
      >
        {t('delete_all_body', { count: keys.length })}
      </ConfirmDialog>
    </div>
  );
}
