import { CreditCard, ExternalLink, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { track } from '../../lib/analytics';
// Issue 23: the balance helper's entry (transaction history); it renders nothing when the balance is off.
import { TransactionHistoryEntry } from '../balance/transaction-history-entry';
import { usePaywallStore } from '../subscriptions/paywall-store';
import { SubscriptionStatusBadge } from '../subscriptions/subscription-status-badge';
import { formatCredits, formatPlanPrice, getSubscriptionDisplay } from '../subscriptions/subscription-rules';
import { useManageSubscription } from '../subscriptions/use-manage-subscription';
import { useSubscriptions } from '../subscriptions/use-subscriptions';

function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

/** Settings → Subscription (SPEC 2): status, plan, price, renewal, the portal, and subscribe (again). */
export function SubscriptionSettings() {
  const { t, i18n } = useTranslation('subscriptions');
  const subs = useSubscriptions();
  const manage = useManageSubscription();
  const subscription = subs.subscription;
  const display = getSubscriptionDisplay(subscription);
  const plan = subscription?.plan ?? null;

  if (subs.isPending) {
    return (
      <div
        className="h-40 animate-pulse rounded-2xl bg-surface-secondary"
        aria-hidden
        data-testid="subscription-settings-loading"
      />
    );
  }
  if (subs.isError) return <Alert>{t('load_error')}</Alert>;

  return (
    <div data-testid="subscription-settings">
      <section className="rounded-2xl border border-line bg-surface-secondary p-5" data-testid="subscription-summary">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
            <CreditCard className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold text-fg" data-testid="subscription-plan-name">
                {plan?.name ?? (subscription ? t('unknown_plan') : t('free_plan'))}
              </h3>
              <SubscriptionStatusBadge statusKey={display.statusKey} tone={display.tone} />
            </div>
            {plan ? (
              <p className="mt-1 text-sm text-fg-secondary" data-testid="subscription-price">
                {formatPlanPrice(plan.price, plan.currency, i18n.language)}
                {t(`per_${plan.interval}`)}
                {' · '}
                {t('credits_per_month', { credits: formatCredits(plan.tokensPerMonth, i18n.language) })}
              </p>
            ) : (
              <p className="mt-1 text-sm text-fg-secondary">{subscription ? null : t('none_description')}</p>
            )}
            {display.dateKey && display.date ? (
              <p className="mt-1 text-[13px] text-fg-tertiary" data-testid="subscription-date">
                {t(display.dateKey, { date: formatDate(display.date, i18n.language) })}
              </p>
            ) : null}
          </div>
        </div>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          {display.canSubscribe ? (
            <Button
              onClick={() => {
                track('settings_subscribe_clicked', { status: subscription?.status ?? 'none' });
                usePaywallStore.getState().openPlans('settings');
              }}
              data-testid="subscription-subscribe"
            >
              <Sparkles className="size-4" aria-hidden />
              {subscription ? t('subscribe_again') : t('see_plans')}
            </Button>
          ) : null}
          {display.canManage ? (
            <Button
              variant="outline"
              isLoading={manage.isPending}
              onClick={() => {
                track('manage_button_clicked', { from: 'settings' });
                manage.open('settings');
              }}
              data-testid="subscription-manage"
            >
              {t('manage')}
              <ExternalLink className="size-3.5" aria-hidden />
            </Button>
          ) : null}
          {display.canSubscribe ? null : (
            // The plans with the current one marked (SPEC 4); changing plan goes through the portal.
            <Button
              variant="ghost"
              onClick={() => usePaywallStore.getState().openPlans('settings')}
              data-testid="subscription-compare-plans"
            >
              {t('compare_plans')}
            </Button>
          )}
        </div>
      </section>
      <div className="mt-2">
        {/* Issue 23 slot: the transaction history entry (owned by the balance helper). */}
        <TransactionHistoryEntry />
      </div>
    </div>
  );
}
