import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { track } from '../../lib/analytics';
import { usePaywallStore } from './paywall-store';
import { CHECKOUT_RETURN_PARAMS, readCheckoutReturn, withoutParams } from './subscription-rules';
import { invalidateSubscriptions } from './subscriptions-api';

/**
 * The return from checkout (SPEC 2): `?subscription=success&session_id=…` shows the success
 * dialog, `?subscription=cancel` the incomplete one. The parameters are removed right after
 * reading, so a reload or a shared link does not show the dialog again.
 */
export function useCheckoutReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const result = readCheckoutReturn(location.search);
    if (!result) return;
    void navigate(
      {
        pathname: location.pathname,
        search: withoutParams(location.search, CHECKOUT_RETURN_PARAMS),
        hash: location.hash,
      },
      { replace: true },
    );
    invalidateSubscriptions(queryClient);
    if (result.kind === 'success') {
      track('subscribe_success', result.sessionId ? { session_id: result.sessionId } : {});
      usePaywallStore.getState().showResult('success');
    } else {
      track('subscription_incomplete_shown', { from: 'checkout_cancel' });
      usePaywallStore.getState().showResult('incomplete');
    }
  }, [location.search, location.pathname, location.hash, navigate, queryClient]);
}
