import type { TransactionKind } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** Usage is the everyday row and stays quiet; every kind that adds credits is marked as such. */
export function TransactionKindBadge({ kind }: { kind: TransactionKind }) {
  const { t } = useTranslation('balance');
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center rounded-full border px-2.5 text-xs font-medium whitespace-nowrap',
        // A border, not a fill: in dark mode the dialog and a grey fill are the same colour.
        kind === 'spend' ? 'border-line-strong text-fg-secondary' : 'border-transparent bg-accent-soft text-accent',
      )}
      data-testid="transaction-kind"
      data-kind={kind}
    >
      {t(`kind.${kind}`)}
    </span>
  );
}
