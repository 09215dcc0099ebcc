import { PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { usePaywallStore } from './paywall-store';
import { formatCredits } from './subscription-rules';
import { useSubscriptions } from './use-subscriptions';

/** After `?subscription=success`: the plan that is now active and the credits it brings. */
export function SubscriptionSuccessDialog() {
  const { t, i18n } = useTranslation('subscriptions');
  const isOpen = usePaywallStore((s) => s.result === 'success');
  const { subscription, isFetching } = useSubscriptions();
  const plan = subscription?.plan ?? null;
  const close = () => usePaywallStore.getState().closeResult();
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={t('success_title')}
        hideTitle
        // hideTitle leaves the close button alone in its row: keep it on the right.
        className="max-w-md [&_[data-dialog-close]]:ml-auto"
        data-testid="subscription-success-dialog"
      >
        <div className="flex flex-col items-center px-6 pt-2 pb-6 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
            <PartyPopper className="size-7" aria-hidden />
          </span>
          <h2 className="mt-4 text-xl font-semibold text-fg">{t('success_title')}</h2>
          <p className="mt-2 text-sm leading-relaxed text-fg-secondary" data-testid="subscription-success-body">
            {plan
              ? t('success_body_plan', {
                  plan: plan.name,
                  credits: formatCredits(plan.tokensPerMonth, i18n.language),
                })
              : isFetching
                ? t('success_body_pending')
                : t('success_body')}
          </p>
          <Button className="mt-6 w-full" onClick={close} data-testid="subscription-success-continue">
            {t('success_continue')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
