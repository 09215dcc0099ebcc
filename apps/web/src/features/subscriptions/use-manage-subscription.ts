import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store';
import { track } from '../../lib/analytics';
import { createPortalSession } from './subscriptions-api';

/** Opens the billing portal (Stripe's, or the test mode's own page). */
export function useManageSubscription() {
  const { t } = useTranslation('subscriptions');
  const portal = useMutation({
    mutationFn: createPortalSession,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => showToast({ message: t('subs_error_subscription_failed'), status: 'error', durationMs: 5000 }),
  });
  return {
    isPending: portal.isPending,
    open: (from: string) => {
      track('manage_sub_clicked', { from });
      portal.mutate();
    },
  };
}
