import type { TokenBalanceError } from '@confab/shared';
import { Sparkles, WalletMinimal } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { usePaywallStore } from '../subscriptions/paywall-store';
import { formatBalance } from './balance';
import { useIsBalanceEnabled } from './use-balance';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0 flex-1 rounded-lg bg-surface px-3 py-2">
      <p className="text-xs text-fg-tertiary">{label}</p>
      <p className="truncate font-semibold text-fg tabular-nums" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/**
 * A generation refused for balance (SPEC 8): what is left, what this message needed, and the
 * plans. The first time a message's refusal is shown, the plans dialog opens by itself (once per
 * message; the store remembers which).
 */
export function TokenBalanceCard({ error, messageId }: { error: TokenBalanceError; messageId?: string }) {
  const { t, i18n } = useTranslation('balance');
  const isEnabled = useIsBalanceEnabled();
  useEffect(() => {
    if (isEnabled && messageId) usePaywallStore.getState().openForMessage(messageId);
  }, [isEnabled, messageId]);
  return (
    <div
      role="alert"
      className="mt-1 max-w-xl rounded-xl border border-line bg-surface-secondary p-4 text-sm text-fg"
      data-testid="token-balance-error"
    >
      <div className="flex gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger">
          <WalletMinimal className="size-[18px]" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-semibold">{t('out_of_credits')}</p>
          <p className="mt-0.5 leading-relaxed text-fg-secondary">{t('out_of_credits_body')}</p>
        </div>
      </div>
      <div className="mt-3 flex gap-2">
        <Figure
          label={t('your_balance')}
          value={formatBalance(error.balance, i18n.language)}
          testId="token-balance-balance"
        />
        <Figure
          label={t('message_cost')}
          value={formatBalance(error.tokenCost, i18n.language)}
          testId="token-balance-cost"
        />
      </div>
      {isEnabled ? (
        <Button
          className="mt-3 w-full sm:w-auto"
          onClick={() => usePaywallStore.getState().openPlans('token_balance')}
          data-testid="token-balance-see-plans"
        >
          <Sparkles className="size-4" aria-hidden />
          {t('see_plans')}
        </Button>
      ) : null}
    </div>
  );
}
