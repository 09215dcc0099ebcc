import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-variants';
import { Spinner } from '../../components/ui/spinner';
import { showToast } from '../../components/ui/toast-store';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import { formatCredits, formatPlanPrice, getSubscriptionDisplay, isSubscriptionCancelled } from './subscription-rules';
import { cancelTestSubscription } from './subscriptions-api';
import { TestModeFrame } from './test-mode-frame';
import { useSubscriptions } from './use-subscriptions';

/** The test mode's billing portal: the current subscription and a way to cancel it. */
export function TestPortalView() {
  const { t, i18n } = useTranslation('subscriptions');
  const subs = useSubscriptions();
  const subscription = subs.subscription;
  const display = getSubscriptionDisplay(subscription);
  const plan = subscription?.plan ?? null;
  const cancel = useMutation({
    mutationFn: cancelTestSubscription,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => showToast({ message: t('subs_error_subscription_failed'), status: 'error', durationMs: 5000 }),
  });
  const canCancel = !!subscription && !isSubscriptionCancelled(subscription);

  return (
    <TestModeFrame testId="test-portal-page">
      <Link
        to="/c/new?settings=subscription"
        className={buttonClasses('link', 'sm', 'mb-4 text-sm text-fg-secondary')}
        data-testid="test-portal-back"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('test_portal_back')}
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight">{t('test_portal_title')}</h1>
      <div className="mt-5 rounded-2xl border border-line bg-surface-elevated p-6 shadow-elevated">
        {subs.isPending ? (
          <div className="flex justify-center py-6 text-fg-tertiary">
            <Spinner className="size-6" />
          </div>
        ) : !subscription ? (
          <Alert tone="info">{t('test_portal_none')}</Alert>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold" data-testid="test-portal-plan">
                {plan?.name ?? t('unknown_plan')}
              </h2>
              <SubscriptionStatusBadge statusKey={display.statusKey} tone={display.tone} />
            </div>
            {plan ? (
              <p className="mt-1 text-sm text-fg-secondary">
                {formatPlanPrice(plan.price, plan.currency, i18n.language)}
                {t(`per_${plan.interval}`)} ·{' '}
                {t('credits_per_month', { credits: formatCredits(plan.tokensPerMonth, i18n.language) })}
              </p>
            ) : null}
            {canCancel ? (
              <Button
                variant="danger"
                className="mt-6 w-full"
                onClick={() => cancel.mutate()}
                isLoading={cancel.isPending}
                data-testid="test-portal-cancel"
              >
                {t('test_portal_cancel')}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </TestModeFrame>
  );
}
