import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-variants';
import { Spinner } from '../../components/ui/spinner';
import { showToast } from '../../components/ui/toast-store';
import { TestModeFrame } from './test-mode-frame';
import { formatCredits, formatPlanPrice } from './subscription-rules';
import { fetchTestCheckout, finishTestCheckout } from './subscriptions-api';

/** The test checkout: the plan, Pay (completes it as a webhook would) and Cancel. */
export function TestCheckoutView({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation('subscriptions');
  const session = useQuery({
    queryKey: ['subscriptions', 'test-checkout', sessionId],
    queryFn: ({ signal }) => fetchTestCheckout(sessionId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const finish = useMutation({
    mutationFn: (action: 'complete' | 'cancel') => finishTestCheckout(sessionId, action),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => showToast({ message: t('subs_error_subscription_failed'), status: 'error', durationMs: 5000 }),
  });
  const plan = session.data?.plan ?? null;
  const isOpen = session.data?.status === 'open';

  return (
    <TestModeFrame testId="test-checkout-page">
      {session.isPending ? (
        <div className="flex justify-center py-16 text-fg-tertiary">
          <Spinner className="size-6" />
        </div>
      ) : session.isError || !session.data ? (
        <Alert testId="test-checkout-error">{t('test_checkout_not_found')}</Alert>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-line bg-surface-elevated shadow-elevated">
          <div className="border-b border-line p-6">
            <p className="text-sm text-fg-secondary">{t('test_checkout_subscribe_to', { plan: plan?.name ?? '' })}</p>
            {plan ? (
              <>
                <p className="mt-1 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight tabular-nums" data-testid="test-checkout-price">
                    {formatPlanPrice(plan.price, plan.currency, i18n.language)}
                  </span>
                  <span className="text-sm text-fg-tertiary">{t(`per_${plan.interval}`)}</span>
                </p>
                {plan.description ? <p className="mt-1 text-sm text-fg-secondary">{plan.description}</p> : null}
                <ul className="mt-4 space-y-2 text-sm text-fg">
                  {[
                    t('credits_per_month', { credits: formatCredits(plan.tokensPerMonth, i18n.language) }),
                    ...plan.features,
                  ].map((line) => (
                    <li key={line} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                      {line}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <div className="p-6">
            {isOpen ? (
              <>
                <Button
                  size="lg"
                  className="w-full"
                  onClick={() => finish.mutate('complete')}
                  isLoading={finish.isPending && finish.variables === 'complete'}
                  disabled={finish.isPending}
                  data-testid="test-checkout-pay"
                >
                  <Lock className="size-4" aria-hidden />
                  {plan
                    ? t('test_checkout_pay', { price: formatPlanPrice(plan.price, plan.currency, i18n.language) })
                    : t('test_checkout_pay_plain')}
                </Button>
                <Button
                  variant="ghost"
                  className="mt-2 w-full"
                  onClick={() => finish.mutate('cancel')}
                  isLoading={finish.isPending && finish.variables === 'cancel'}
                  disabled={finish.isPending}
                  data-testid="test-checkout-cancel"
                >
                  {t('test_checkout_cancel')}
                </Button>
              </>
            ) : (
              <>
                <Alert tone="info" testId="test-checkout-closed">
                  {t('test_checkout_closed')}
                </Alert>
                <Link to="/c/new" className={buttonClasses('outline', 'md', 'mt-3 w-full')}>
                  {t('test_portal_back')}
                </Link>
              </>
            )}
            <p className="mt-4 text-center text-xs text-fg-tertiary">{t('test_checkout_footnote')}</p>
          </div>
        </div>
      )}
    </TestModeFrame>
  );
}
