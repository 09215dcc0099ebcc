import type { Plan } from '@confab/shared';
import { Check, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatCredits, formatPlanPrice, type PlanButtonState } from './subscription-rules';

export interface PlanCardProps {
  plan: Plan;
  isPopular: boolean;
  buttonState: PlanButtonState;
  isSubscribing: boolean;
  /** Another plan's checkout is being opened: this one waits. */
  isBusy: boolean;
  onSubscribe(plan: Plan): void;
}

/** One column of the plans dialog: name, price, monthly credits, features and the button. */
export function PlanCard({ plan, isPopular, buttonState, isSubscribing, isBusy, onSubscribe }: PlanCardProps) {
  const { t, i18n } = useTranslation('subscriptions');
  return (
    <div
      className={cn(
        'relative flex flex-col rounded-2xl border bg-surface p-4 transition-shadow sm:p-5',
        isPopular ? 'border-accent shadow-elevated ring-1 ring-accent md:-my-2 md:py-7' : 'border-line',
      )}
      data-testid={`plan-card-${plan.id}`}
      data-popular={isPopular || undefined}
    >
      {isPopular ? (
        <span
          className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-on-accent shadow-sm"
          data-testid="plan-popular-badge"
        >
          <Sparkles className="size-3" aria-hidden />
          {t('most_popular')}
        </span>
      ) : null}
      <h3 className="text-base font-semibold text-fg">{plan.name}</h3>
      {plan.description ? <p className="mt-1 text-sm leading-snug text-fg-secondary">{plan.description}</p> : null}
      <p className="mt-3 flex items-baseline gap-1 sm:mt-4">
        <span className="text-3xl font-bold tracking-tight text-fg tabular-nums sm:text-4xl" data-testid="plan-price">
          {formatPlanPrice(plan.price, plan.currency, i18n.language)}
        </span>
        <span className="text-sm text-fg-tertiary">{t(`per_${plan.interval}`)}</span>
      </p>
      <p className="mt-2 text-sm font-medium text-fg" data-testid="plan-credits">
        {t('credits_per_month', { credits: formatCredits(plan.tokensPerMonth, i18n.language) })}
      </p>
      <Button
        className={cn(
          'mt-4 w-full sm:mt-5',
          // The plan the user is on reads as a state, not as a greyed-out button.
          buttonState.isCurrent && 'border-accent/40 bg-accent-soft text-accent disabled:opacity-100',
        )}
        variant={isPopular && !buttonState.isCurrent ? 'primary' : 'outline'}
        disabled={buttonState.isDisabled || isBusy}
        isLoading={isSubscribing}
        onClick={() => onSubscribe(plan)}
        data-testid={`plan-subscribe-${plan.id}`}
        data-current={buttonState.isCurrent || undefined}
      >
        {buttonState.isCurrent ? <Check className="size-4" aria-hidden /> : null}
        {buttonState.isCurrent ? t('current') : t('subscribe')}
      </Button>
      {plan.features.length > 0 ? (
        <ul className="mt-4 space-y-2 border-t border-line pt-4 text-sm text-fg-secondary sm:mt-5 sm:space-y-2.5 sm:pt-5">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check
                className={cn('mt-0.5 size-4 shrink-0', isPopular ? 'text-accent' : 'text-fg-tertiary')}
                aria-hidden
              />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
