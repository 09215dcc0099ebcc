import type { PromptVersion } from '@confab/shared';
import { X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/ui/icon-button';
import { Select } from '../../components/ui/select';
import { cn } from '../../lib/cn';
import { countDiff, diffPromptLines, type DiffLine } from './prompt-diff';
import { PromptCard } from './prompt-fields';

const rowClass: Record<DiffLine['kind'], string> = {
  added: 'bg-emerald-500/10 text-fg',
  removed: 'bg-red-500/10 text-fg',
  same: 'text-fg-secondary',
};
const signClass: Record<DiffLine['kind'], string> = {
  added: 'text-emerald-700 dark:text-emerald-400',
  removed: 'text-red-700 dark:text-red-400',
  same: 'text-fg-tertiary',
};
const SIGN: Record<DiffLine['kind'], string> = { added: '+', removed: '−', same: ' ' };

/** Two versions side by side as one line diff: the older on the left of the choice, the newer on the right. */
export function PromptCompare({
  versions,
  numbers,
  fromId,
  toId,
  onChange,
  onClose,
}: {
  versions: PromptVersion[];
  numbers: Map<string, number>;
  fromId: string;
  toId: string;
  onChange(fromId: string, toId: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('prompts');
  const from = versions.find((v) => v._id === fromId);
  const to = versions.find((v) => v._id === toId);
  const rows = useMemo(() => diffPromptLines(from?.prompt ?? '', to?.prompt ?? ''), [from?.prompt, to?.prompt]);
  const { added, removed } = countDiff(rows);
  const options = versions.map((v) => ({ value: v._id, label: t('version_n', { n: numbers.get(v._id) ?? '?' }) }));

  return (
    <PromptCard
      title={t('compare_title')}
      action={
        <IconButton label={t('close_compare')} size="icon-sm" onClick={onClose} data-testid="prompt-compare-close">
          <X />
        </IconButton>
      }
      testId="prompt-compare"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-fg-secondary">
        <Select
          options={options}
          value={fromId}
          onValueChange={(id) => onChange(id, toId)}
          aria-label={t('compare_from')}
          className="w-32"
          data-testid="prompt-compare-from"
        />
        <span aria-hidden>→</span>
        <Select
          options={options}
          value={toId}
          onValueChange={(id) => onChange(fromId, id)}
          aria-label={t('compare_to')}
          className="w-32"
          data-testid="prompt-compare-to"
        />
        <span className="ms-auto flex gap-2 text-xs tabular-nums" data-testid="prompt-compare-counts">
          <span className={signClass.added}>+{added}</span>
          <span className={signClass.removed}>−{removed}</span>
        </span>
      </div>
      {added === 0 && removed === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-secondary">
          {t('compare_same')}
        </p>
      ) : (
        <div
          className="scrollbar-thin max-h-[28rem] overflow-auto rounded-xl border border-line font-mono text-[12.5px] leading-relaxed"
          role="table"
          aria-label={t('compare_title')}
          data-testid="prompt-diff"
        >
          {rows.map((row, index) => (
            <div
              key={index}
              role="row"
              className={cn('flex', rowClass[row.kind])}
              data-testid="prompt-diff-line"
              data-kind={row.kind}
            >
              <span role="cell" className="w-9 shrink-0 px-1.5 text-right text-fg-tertiary tabular-nums select-none">
                {row.oldNumber ?? ''}
              </span>
              <span role="cell" className="w-9 shrink-0 px-1.5 text-right text-fg-tertiary tabular-nums select-none">
                {row.newNumber ?? ''}
              </span>
              <span role="cell" className={cn('w-5 shrink-0 text-center select-none', signClass[row.kind])} aria-hidden>
                {SIGN[row.kind]}
              </span>
              <span role="cell" className="min-w-0 flex-1 pr-3 break-words whitespace-pre-wrap">
                {row.kind === 'same' ? null : <span className="sr-only">{t(`diff_${row.kind}`)} </span>}
                {row.text || '\u00a0'}
              </span>
            </div>
          ))}
        </div>
      )}
    </PromptCard>
  );
}
