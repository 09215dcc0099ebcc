import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';

const STEPS = ['step_scan', 'step_verify', 'step_save'] as const;

/** Where the setup is: scan → verify → save codes. */
export function SetupProgress({ current }: { current: 0 | 1 | 2 }) {
  const { t } = useTranslation('twoFactor');
  return (
    <ol className="mb-5 flex items-center gap-2" aria-label={t('setup_title')}>
      {STEPS.map((key, index) => {
        const isDone = index < current;
        const isCurrent = index === current;
        return (
          <li
            key={key}
            className={cn('flex items-center gap-2', index < STEPS.length - 1 ? 'min-w-0 flex-1' : 'shrink-0')}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                isDone && 'bg-accent text-on-accent',
                isCurrent && 'bg-accent-soft text-accent ring-1 ring-accent',
                !isDone && !isCurrent && 'text-fg-tertiary ring-1 ring-line-strong',
              )}
            >
              {isDone ? <Check className="size-3.5" aria-hidden /> : index + 1}
            </span>
            {/* On a phone only the current step is named; the numbers carry the rest. */}
            <span
              className={cn(
                'text-[13px] whitespace-nowrap',
                isCurrent ? 'shrink-0 font-medium text-fg' : 'hidden text-fg-tertiary sm:inline',
              )}
            >
              {t(key)}
            </span>
            {index < STEPS.length - 1 ? <span className="h-px min-w-3 flex-1 bg-line" aria-hidden /> : null}
          </li>
        );
      })}
    </ol>
  );
}
