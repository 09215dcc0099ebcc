import { CircleAlert, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { usePaywallStore } from './paywall-store';
import { isSubscriptionActive, isSubscriptionIncomplete } from './subscription-rules';
import { useManageSubscription } from './use-manage-subscription';
import { useSubscriptions } from './use-subscriptions';

/**
 * After `?subscription=cancel`, or while the subscription's payment has not gone through
 * (incomplete, past due). Closing it brings the paywall back (SPEC 4) when nothing is active.
 */
export function SubscriptionIncompleteDialog() {
  const { t } = useTranslation('subscriptions');
  const isOpen = usePaywallStore((s) => s.result === 'incomplete');
  const { subscription } = useSubscriptions();
  const manage = useManageSubscription();
  const isPaymentProblem = isSubscriptionIncomplete(subscription);

  const close = () => {
    const store = usePaywallStore.getState();
    store.closeResult();
    if (!isSubscriptionActive(subscription) && !isPaymentProblem) store.openPlans('paywall');
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={t('incomplete_title')}
        hideTitle
        // hideTitle leaves the close button alone in its row: keep it on the right.
        className="max-w-md [&_[data-dialog-close]]:ml-auto"
        data-testid="subscription-incomplete-dialog"
      >
        <div className="flex flex-col items-center px-6 pt-2 pb-6 text-center">
          {isPaymentProblem ? (
            <span className="flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
              <CircleAlert className="size-7" aria-hidden />
            </span>
          ) : (
            <span className="flex size-14 items-center justify-center rounded-full bg-surface-tertiary text-fg-secondary">
              <ShoppingCart className="size-7" aria-hidden />
            </span>
          )}
          <h2 className="mt-4 text-xl font-semibold text-fg">
            {isPaymentProblem ? t('incomplete_payment_title') : t('incomplete_title')}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-fg-secondary">
            {isPaymentProblem ? t('incomplete_payment_body') : t('incomplete_body')}
          </p>
          <div className="mt-6 flex w-full flex-col gap-2">
            {isPaymentProblem ? (
              <Button
                onClick={() => manage.open('incomplete_dialog')}
                isLoading={manage.isPending}
                data-testid="subscription-incomplete-manage"
              >
                {t('manage')}
              </Button>
            ) : (
              <Button onClick={close} data-testid="subscription-incomplete-plans">
                {t('see_plans')}
              </Button>
            )}
            {isPaymentProblem ? (
              <Button variant="ghost" onClick={close} data-testid="subscription-incomplete-close">
                {t('close')}
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
