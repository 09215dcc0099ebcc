import type { PromptVersion } from '@confab/shared';
import { BadgeCheck, GitCompareArrows } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { PromptCard } from './prompt-fields';
import { editableLabels } from './prompt-rules';

/** The versions of a prompt, newest first: pick one to view it, or compare two. */
export function PromptVersionHistory({
  versions,
  numbers,
  productionId,
  selectedId,
  onSelect,
  onCompare,
}: {
  versions: PromptVersion[];
  numbers: Map<string, number>;
  productionId: string | null;
  selectedId: string;
  onSelect(id: string): void;
  /** Absent with a single version: there is nothing to compare. */
  onCompare?: () => void;
}) {
  const { t, i18n } = useTranslation('prompts');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <PromptCard
      title={t('history', { count: versions.length })}
      action={
        onCompare ? (
          <Button variant="outline" size="sm" onClick={onCompare} data-testid="prompt-compare-open">
            <GitCompareArrows className="size-4" aria-hidden />
            {t('compare')}
          </Button>
        ) : null
      }
      testId="prompt-history"
    >
      <ul className="-mx-1.5 flex flex-col gap-0.5" aria-label={t('history', { count: versions.length })}>
        {versions.map((version) => {
          const isSelected = version._id === selectedId;
          const isProduction = version._id === productionId;
          const labels = editableLabels(version.labels);
          const date = new Date(version.createdAt);
          return (
            <li key={version._id}>
              <button
                type="button"
                onClick={() => onSelect(version._id)}
                aria-current={isSelected || undefined}
                className={cn(
                  'focus-ring flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-2.5 py-2 text-left transition-colors hover:bg-surface-hover',
                  isSelected && 'bg-surface-active hover:bg-surface-active',
                )}
                data-testid="prompt-version"
                data-version={numbers.get(version._id)}
                data-production={isProduction || undefined}
              >
                <span className="text-sm font-medium text-fg tabular-nums">
                  {t('version_n', { n: numbers.get(version._id) ?? '?' })}
                </span>
                <span className="text-xs text-fg-tertiary tabular-nums">
                  {Number.isNaN(date.getTime()) ? '' : format.format(date)}
                </span>
                <span className="flex min-w-0 flex-1 flex-wrap items-center justify-end gap-1">
                  {isProduction ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-medium text-accent">
                      <BadgeCheck className="size-3" aria-hidden />
                      {t('production')}
                    </span>
                  ) : null}
                  {labels.map((label) => (
                    <span
                      key={label}
                      className="max-w-32 truncate rounded-full border border-line px-2 py-0.5 text-[11px] text-fg-secondary"
                    >
                      {label}
                    </span>
                  ))}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </PromptCard>
  );
}
