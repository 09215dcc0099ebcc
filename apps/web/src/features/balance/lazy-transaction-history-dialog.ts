import { lazy } from 'react';

/** The transaction history dialog, its code loaded on first open (mount it inside MountOnFirstOpen). */
export const LazyTransactionHistoryDialog = lazy(async () => ({
  default: (await import('./transaction-history-dialog')).TransactionHistoryDialog,
}));
