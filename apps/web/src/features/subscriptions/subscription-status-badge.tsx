import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import type { SubscriptionTone } from './subscription-rules';

const toneClasses: Record<SubscriptionTone, string> = {
  active: 'bg-accent-soft text-accent',
  cancelled: 'bg-surface-tertiary text-fg-secondary',
  problem: 'bg-danger-soft text-danger',
  none: 'bg-surface-tertiary text-fg-secondary',
};

export function SubscriptionStatusBadge({ statusKey, tone }: { statusKey: string; tone: SubscriptionTone }) {
  const { t } = useTranslation('subscriptions');
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold', toneClasses[tone])}
      data-testid="subscription-status"
      data-tone={tone}
    >
      {t(statusKey)}
    </span>
  );
}
