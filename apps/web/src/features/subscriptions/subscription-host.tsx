import { lazy, useEffect, useRef, useState } from 'react';
import { MountOnFirstOpen } from '../../components/ui/mount-on-first-open';
import { track } from '../../lib/analytics';
import { useAuthStore } from '../auth/auth-store';
import { wasPaywallDismissed } from './paywall-dismissal';
import { usePaywallStore } from './paywall-store';
import { isSubscriptionIncomplete, readCheckoutReturn, shouldOpenPaywall } from './subscription-rules';
import { useCheckoutReturn } from './use-checkout-return';
import { useSubscriptions } from './use-subscriptions';

// Their code loads when one first opens: most pages never show one (issue 26: the chat's first load).
const PlansDialog = lazy(async () => ({ default: (await import('./plans-dialog')).PlansDialog }));
const SubscriptionSuccessDialog = lazy(async () => ({
  default: (await import('./subscription-success-dialog')).SubscriptionSuccessDialog,
}));
const SubscriptionIncompleteDialog = lazy(async () => ({
  default: (await import('./subscription-incomplete-dialog')).SubscriptionIncompleteDialog,
}));

/**
 * The subscription dialogs, mounted once in the app frame: the paywall (SPEC 4's rules), the
 * plans a token_balance error opens, and the success and incomplete dialogs of a checkout return.
 */
export function SubscriptionHost() {
  const userId = useAuthStore((s) => s.user?.id);
  const isAuthenticated = useAuthStore((s) => s.status === 'authenticated');
  const subs = useSubscriptions();
  const result = usePaywallStore((s) => s.result);
  const isPlansOpen = usePaywallStore((s) => s.isPlansOpen);
  useCheckoutReturn();
  // Read before any effect removes them: a page back from checkout shows its result dialog, and
  // one opened for Settings (?settings=subscription) goes there; neither under a paywall.
  const [isSpecialLoad] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    return params.has('settings') || readCheckoutReturn(window.location.search) !== null;
  });
  const hasDecided = useRef(false);

  const isLoading = !subs.isQueryEnabled || subs.isFetching || !subs.data;
  const subscription = subs.subscription;

  useEffect(() => {
    // One decision per page load: the paywall does not come back after each refetch.
    if (hasDecided.current || isLoading || result || isPlansOpen) return;
    hasDecided.current = true;
    if (!subs.isSubscriptionsEnabled || isSpecialLoad) return;
    if (isSubscriptionIncomplete(subscription)) {
      track('subscription_incomplete_shown', { from: subscription?.status ?? 'incomplete' });
      usePaywallStore.getState().showResult('incomplete');
      return;
    }
    const shouldOpen = shouldOpenPaywall({
      isAuthenticated,
      isBalanceEnabled: subs.isQueryEnabled,
      isSubscriptionsEnabled: subs.isSubscriptionsEnabled,
      isLoading,
      subscription,
      isIncompleteDialogOpen: false,
      isSuccessDialogOpen: false,
      wasDismissed: userId ? wasPaywallDismissed(userId) : true,
    });
    if (shouldOpen) usePaywallStore.getState().openPlans('paywall');
  }, [
    isLoading,
    result,
    isPlansOpen,
    subs.isSubscriptionsEnabled,
    subs.isQueryEnabled,
    isSpecialLoad,
    subscription,
    isAuthenticated,
    userId,
  ]);

  if (!subs.isQueryEnabled) return null;
  return (
    <>
      <MountOnFirstOpen isOpen={isPlansOpen}>
        <PlansDialog />
      </MountOnFirstOpen>
      <MountOnFirstOpen isOpen={result === 'success'}>
        <SubscriptionSuccessDialog />
      </MountOnFirstOpen>
      <MountOnFirstOpen isOpen={result === 'incomplete'}>
        <SubscriptionIncompleteDialog />
      </MountOnFirstOpen>
    </>
  );
}
