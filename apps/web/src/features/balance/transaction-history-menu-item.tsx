import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { track } from '../../lib/analytics';
import { useIsBalanceEnabled } from './use-balance';

/** The user menu's "Transaction history" (only when the balance is on); the menu owns the dialog. */
export function TransactionHistoryMenuItem({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation('balance');
  if (!useIsBalanceEnabled()) return null;
  return (
    <DropdownMenuItem
      onSelect={() => {
        track('transaction_hist_clicked', { from: 'user_menu' });
        onOpen();
      }}
      data-testid="user-menu-transactions"
    >
      <ReceiptText aria-hidden />
      {t('history_menu_item')}
    </DropdownMenuItem>
  );
}
