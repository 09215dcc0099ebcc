import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBalance } from './balance';
import { useBalance } from './use-balance';

/**
 * The balance line of the user menu (SPEC 2): only when `balance.enabled`, with two decimals,
 * 0.00 when there is none or it cannot be read. Mounted when the menu opens, so the balance
 * is fetched then (and again on a later opening once 30 s old, or after a generation ended).
 */
export function UserMenuBalance() {
  const { t, i18n } = useTranslation('nav');
  const balance = useBalance();
  if (!balance.isEnabled) return null;
  return (
    <div
      className="-mt-1 flex items-center gap-1.5 px-2.5 pb-2 text-[13px] text-fg-secondary"
      data-testid="user-menu-balance"
    >
      <Coins className="size-3.5 shrink-0 text-fg-tertiary" aria-hidden />
      {balance.isPending ? (
        <span className="h-3.5 w-24 animate-pulse rounded bg-surface-tertiary" aria-hidden />
      ) : (
        <span className="truncate tabular-nums">
          {t('balance', { balance: formatBalance(balance.data ?? 0, i18n.language) })}
        </span>
      )}
    </div>
  );
}
