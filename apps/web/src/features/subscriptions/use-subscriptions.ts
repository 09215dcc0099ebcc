import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store';
import { useIsBalanceEnabled } from '../balance/use-balance';
import { fetchSubscriptionsOverview, subscriptionsQueryKey } from './subscriptions-api';

/**
 * GET /api/subscriptions (SPEC 4): asked only when signed in and the balance is on, and not
 * refetched on focus, reconnect or mount; a checkout return or a portal action invalidates it.
 */
export function useSubscriptions() {
  const isAuthenticated = useAuthStore((s) => s.status === 'authenticated');
  const isBalanceEnabled = useIsBalanceEnabled();
  const isQueryEnabled = isAuthenticated && isBalanceEnabled;
  const query = useQuery({
    queryKey: subscriptionsQueryKey,
    queryFn: ({ signal }) => fetchSubscriptionsOverview(signal),
    enabled: isQueryEnabled,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
    retry: false,
  });
  const overview = query.data;
  return {
    ...query,
    isQueryEnabled,
    /** Subscriptions are on: the balance is on and the server has plans. */
    isSubscriptionsEnabled: isQueryEnabled && overview?.enabled === true,
    plans: overview?.plans ?? [],
    subscription: overview?.subscription ?? null,
  };
}
