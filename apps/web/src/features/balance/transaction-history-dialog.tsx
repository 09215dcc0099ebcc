import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Coins, ReceiptText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { formatBalance } from './balance';
import { TransactionDateFilter } from './transaction-date-filter';
import { TransactionList } from './transaction-list';
import { TransactionPager } from './transaction-pager';
import { fetchTransactions, toHistoryEntries, transactionsQueryKey, type TransactionsFilter } from './transactions';
import { useBalance } from './use-balance';

function BalanceSummary() {
  const { t, i18n } = useTranslation('balance');
  const balance = useBalance();
  return (
    <div
      className="flex items-center gap-3 rounded-xl border border-line bg-surface-secondary px-4 py-3"
      data-testid="transaction-balance"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Coins className="size-[18px]" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-fg-tertiary">{t('current_balance')}</p>
        {balance.isPending ? (
          <span className="mt-1 block h-5 w-28 animate-pulse rounded bg-surface-tertiary" aria-hidden />
        ) : (
          <p className="text-lg leading-tight font-semibold text-fg tabular-nums">
            {formatBalance(balance.data ?? 0, i18n.language)}
          </p>
        )}
      </div>
    </div>
  );
}

function LoadingRows() {
  return (
    <div className="flex flex-col gap-3 py-2" aria-hidden data-testid="transaction-loading">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-4">
          <span className="h-4 w-24 animate-pulse rounded bg-surface-tertiary" />
          <span className="h-5 w-16 animate-pulse rounded-full bg-surface-tertiary" />
          <span className="h-4 flex-1 animate-pulse rounded bg-surface-tertiary" />
          <span className="h-4 w-20 animate-pulse rounded bg-surface-tertiary" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({ isFiltered }: { isFiltered: boolean }) {
  const { t } = useTranslation('balance');
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="transaction-empty">
      <span className="flex size-11 items-center justify-center rounded-full bg-surface-tertiary text-fg-tertiary">
        <ReceiptText className="size-5" aria-hidden />
      </span>
      <p className="max-w-xs text-sm text-fg-secondary">{isFiltered ? t('empty_filtered') : t('empty')}</p>
    </div>
  );
}

function TransactionHistory() {
  const { t } = useTranslation('balance');
  const [filter, setFilter] = useState<TransactionsFilter>({ page: 1, from: '', to: '' });
  const transactions = useQuery({
    queryKey: transactionsQueryKey(filter),
    queryFn: ({ signal }) => fetchTransactions(filter, signal),
    // Paging keeps the rows on screen until the next page is in, so the dialog doesn't jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const entries = useMemo(() => toHistoryEntries(transactions.data?.transactions ?? []), [transactions.data]);
  const pagination = transactions.data?.pagination;
  const isFiltered = filter.from !== '' || filter.to !== '';

  let body;
  if (transactions.isPending) body = <LoadingRows />;
  else if (transactions.isError && !transactions.data)
    body = (
      <Alert tone="error" testId="transaction-error">
        <p>{t('load_error')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void transactions.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  else if (entries.length === 0) body = <EmptyState isFiltered={isFiltered} />;
  else
    body = (
      <div className={transactions.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        <TransactionList entries={entries} />
      </div>
    );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 px-6 pb-4 sm:flex-row sm:items-end sm:justify-between">
        <BalanceSummary />
        <TransactionDateFilter
          from={filter.from}
          to={filter.to}
          onChange={(range) => setFilter({ page: 1, ...range })}
        />
      </div>
      <div
        className="min-h-[16rem] flex-1 overflow-y-auto border-t border-line px-6 pt-2 pb-3"
        aria-busy={transactions.isFetching}
      >
        {body}
      </div>
      {pagination && pagination.totalPages > 1 ? (
        <div className="border-t border-line px-6 py-3">
          <TransactionPager
            page={pagination.page}
            totalPages={pagination.totalPages}
            isBusy={transactions.isFetching}
            onPage={(page) => setFilter((f) => ({ ...f, page }))}
          />
        </div>
      ) : null}
    </div>
  );
}

/** SPEC 1: the balance's history, newest first, paged by the server and filtered by date. */
export function TransactionHistoryDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}) {
  const { t } = useTranslation('balance');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('history_title')}
        description={t('history_description')}
        className="h-[min(85dvh,44rem)] max-w-3xl"
        data-testid="transaction-history-dialog"
      >
        {isOpen ? <TransactionHistory /> : null}
      </DialogContent>
    </Dialog>
  );
}
