import { useQuery } from '@tanstack/react-query';
import { useStartupConfig } from '../config/use-startup-config';
import { balanceQueryKey, fetchBalance } from './balance';

/** Whether the server runs the token balance (`balance.enabled`): the balance UI shows only then. */
export function useIsBalanceEnabled(): boolean {
  const { data: config } = useStartupConfig();
  return config?.balance?.enabled === true;
}

/** The caller's credits (GET /api/balance), asked only when the balance is enabled. */
export function useBalance() {
  const isEnabled = useIsBalanceEnabled();
  const query = useQuery({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }) => fetchBalance(signal),
    enabled: isEnabled,
    retry: false,
  });
  return { ...query, isEnabled };
}
