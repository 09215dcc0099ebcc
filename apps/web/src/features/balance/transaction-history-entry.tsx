import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { track } from '../../lib/analytics';
import { SettingsRow } from '../settings/settings-row';
import { LazyTransactionHistoryDialog } from './lazy-transaction-history-dialog';
import { MountOnFirstOpen } from '../../components/ui/mount-on-first-open';
import { useIsBalanceEnabled } from './use-balance';

/** Settings → Subscription: the way to the transaction history (only when the balance is on). */
export function TransactionHistoryEntry() {
  const { t } = useTranslation('balance');
  const isEnabled = useIsBalanceEnabled();
  const [isOpen, setIsOpen] = useState(false);
  if (!isEnabled) return null;
  return (
    <>
      <SettingsRow label={t('history_entry_label')} description={t('history_entry_description')}>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            track('transaction_hist_clicked', { from: 'settings' });
            setIsOpen(true);
          }}
          data-testid="transaction-history-open"
        >
          {t('history_view')}
        </Button>
      </SettingsRow>
      <MountOnFirstOpen isOpen={isOpen}>
        <LazyTransactionHistoryDialog isOpen={isOpen} onOpenChange={setIsOpen} />
      </MountOnFirstOpen>
    </>
  );
}
