import { ADMIN_CREDIT_REASON_MAX, type AdminUser } from '@confab/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { TransactionKindBadge } from '../../balance/transaction-kind-badge';
import { formatCredits } from '../../balance/transactions';
import { adminUserError } from './admin-user-errors';
import { useChangeCredits, useUserTransactions } from './admin-users-api';
import { formatBalance, formatMoment } from './user-format';
import { UserSection } from './user-section';

type Direction = 'grant' | 'deduct';

/** Grant or deduct credits with a reason; the user's latest ledger rows below. */
export function UserCreditsSection({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation('admin-users');
  const change = useChangeCredits(user.id);
  const ledger = useUserTransactions(user.id, user.balance !== null);
  const [direction, setDirection] = useState<Direction>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  if (user.balance === null) return null;
  const credits = Number(amount);
  const isValid = Number.isInteger(credits) && credits > 0 && reason.trim().length > 0;

  const submit = () =>
    change.mutate(
      { direction, amount: credits, reason: reason.trim() },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
          showToast({
            message: t(direction === 'grant' ? 'credits_granted' : 'credits_deducted', {
              credits: formatBalance(credits, i18n.language),
              name: user.name,
            }),
          });
        },
        onError: (error) => showToast({ message: adminUserError(error, t), status: 'error' }),
      },
    );

  return (
    <UserSection title={t('credits_title')} description={t('credits_description')} testId="admin-user-credits">
      <div className="flex items-baseline gap-2">
        <span
          className="text-2xl font-semibold tracking-tight text-fg tabular-nums"
          data-testid="admin-user-credits-balance"
        >
          {formatBalance(user.balance, i18n.language)}
        </span>
        <span className="text-sm text-fg-tertiary">{t('credits_unit')}</span>
      </div>
      <form
        className="mt-3 flex flex-col gap-2.5"
        onSubmit={(e) => {
          e.preventDefault();
          if (isValid) submit();
        }}
      >
        <div
          role="radiogroup"
          aria-label={t('credits_direction')}
          className="grid w-full grid-cols-2 gap-1 rounded-lg bg-surface-tertiary p-1 sm:w-64"
        >
          {(['grant', 'deduct'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={direction === value}
              onClick={() => setDirection(value)}
              className={cn(
                'focus-ring h-7 rounded-md text-sm font-medium transition-colors',
                direction === value ? 'bg-surface text-fg shadow-sm' : 'text-fg-secondary hover:text-fg',
              )}
              data-testid={`admin-user-credits-${value}`}
            >
              {t(`credits_${value}`)}
            </button>
          ))}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            placeholder={t('credits_amount')}
            aria-label={t('credits_amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className="h-9 rounded-lg px-3 text-sm sm:w-36"
            data-testid="admin-user-credits-amount"
          />
          <Input
            placeholder={t('credits_reason')}
            aria-label={t('credits_reason')}
            value={reason}
            maxLength={ADMIN_CREDIT_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            className="h-9 min-w-0 rounded-lg px-3 text-sm sm:flex-1"
            data-testid="admin-user-credits-reason"
          />
          <Button
            type="submit"
            disabled={!isValid}
            isLoading={change.isPending}
            className="h-9"
            data-testid="admin-user-credits-submit"
          >
            {t(direction === 'grant' ? 'credits_grant_action' : 'credits_deduct_action')}
          </Button>
        </div>
      </form>

      <h4 className="mt-4 mb-1.5 text-xs font-medium text-fg-tertiary">{t('credits_recent')}</h4>
      {ledger.isPending ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : ledger.isError ? (
        <p className="text-sm text-fg-secondary">{t('credits_recent_failed')}</p>
      ) : ledger.data.transactions.length === 0 ? (
        <p className="text-sm text-fg-tertiary">{t('credits_recent_empty')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="admin-user-ledger">
          {ledger.data.transactions.map((row) => (
            <li
              key={row.id}
              className="flex items-center gap-3 py-2"
              data-testid="admin-user-ledger-row"
              data-kind={row.kind}
            >
              <div className="min-w-0 flex-1">
                <div className="flex min-w-0 items-center gap-2">
                  <TransactionKindBadge kind={row.kind} />
                  <span className="truncate text-sm text-fg" title={row.context ?? row.model ?? undefined}>
                    {row.kind.startsWith('admin_') ? row.context : (row.model ?? '')}
                  </span>
                </div>
                <div className="mt-0.5 text-xs text-fg-tertiary tabular-nums">
                  {formatMoment(row.createdAt, i18n.language)}
                </div>
              </div>
              <span
                className={cn(
                  'shrink-0 text-sm font-medium tabular-nums',
                  row.tokenValue > 0 ? 'text-accent' : 'text-fg',
                )}
              >
                {formatCredits(row.tokenValue, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </UserSection>
  );
}
