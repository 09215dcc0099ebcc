import type { Plan } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { showToast } from '../../components/ui/toast-store';
import { track } from '../../lib/analytics';
import { useAuthStore } from '../auth/auth-store';
import { rememberPaywallDismissed } from './paywall-dismissal';
import { usePaywallStore } from './paywall-store';
import { PlanCard } from './plan-card';
import { getPlanButtonState, POPULAR_PLAN_INDEX } from './subscription-rules';
import { createCheckoutSession } from './subscriptions-api';
import { useSubscriptions } from './use-subscriptions';

const ERROR_TOAST_MS = 5000;

/** The plans paywall (SPEC 2): three plans side by side (stacked on a phone), the second marked popular. */
export function PlansDialog() {
  const { t } = useTranslation('subscriptions');
  const isOpen = usePaywallStore((s) => s.isPlansOpen);
  const reason = usePaywallStore((s) => s.reason);
  const userId = useAuthStore((s) => s.user?.id);
  const { plans, subscription, data } = useSubscriptions();
  const lastShownReason = useRef<string | null>(null);

  useEffect(() => {
    if (isOpen && reason && lastShownReason.current !== reason) track('paywall_shown', { from: reason });
    lastShownReason.current = isOpen ? reason : null;
  }, [isOpen, reason]);

  const checkout = useMutation({
    mutationFn: (plan: Plan) => createCheckoutSession(plan.id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () =>
      showToast({ message: t('subs_error_subscription_failed'), status: 'error', durationMs: ERROR_TOAST_MS }),
  });

  const close = () => {
    if (checkout.isPending) return;
    track('paywall_dismissed', { from: reason ?? 'paywall' });
    // "Not now" on the paywall that opened by itself: don't ask again on the next page load.
    if (reason === 'paywall' && userId) rememberPaywallDismissed(userId);
    usePaywallStore.getState().closePlans();
  };

  const subscribe = (plan: Plan) => {
    track('paywall_subscribe_clicked', { plan: plan.id, from: reason ?? 'paywall' });
    checkout.mutate(plan);
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={reason === 'token_balance' ? t('plans_title_out_of_credits') : t('plans_title')}
        description={t('plans_description')}
        className="max-w-[min(64rem,calc(100vw-2rem))]"
        data-testid="plans-dialog"
        data-reason={reason ?? undefined}
      >
        <div className="min-h-0 overflow-y-auto px-6 pt-4 pb-2">
          {plans.length === 0 ? (
            <Alert tone="info">{t('no_plans')}</Alert>
          ) : (
            <div className="grid gap-5 pt-2 pb-3 md:grid-cols-3 md:items-stretch md:gap-4">
              {plans.map((plan, index) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  isPopular={index === POPULAR_PLAN_INDEX && plans.length > 1}
                  buttonState={getPlanButtonState(plan, subscription)}
                  isSubscribing={checkout.isPending && checkout.variables.id === plan.id}
                  isBusy={checkout.isPending}
                  onSubscribe={subscribe}
                />
              ))}
            </div>
          )}
        </div>
        <div className="flex flex-col-reverse items-center justify-between gap-3 border-t border-line px-6 py-4 sm:flex-row">
          <p className="flex items-center gap-1.5 text-xs text-fg-tertiary">
            {data?.mode === 'test' ? (
              <>
                <FlaskConical className="size-3.5" aria-hidden />
                {t('test_mode_note')}
              </>
            ) : (
              t('cancel_anytime')
            )}
          </p>
          <Button variant="ghost" size="sm" onClick={close} data-testid="plans-not-now">
            {reason === 'paywall' ? t('not_now') : t('close')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
