import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { FieldLabel } from './field-label';
import { addStopSequence } from './parameter-fields';

/** Stop sequences as tags (SPEC 5: up to 4): Enter adds one, Backspace in an empty box removes the last. */
export function StopSequencesRow({
  name,
  label,
  description,
  max,
  value,
  onChange,
}: {
  name: string;
  label: string;
  description?: string;
  max: number;
  value: string[] | null;
  onChange(value: string[] | null): void;
}) {
  const { t } = useTranslation('parameters');
  const id = useId();
  const [draft, setDraft] = useState('');
  const list = value ?? [];
  const isFull = list.length >= max;
  const set = (next: string[]) => onChange(next.length ? next : null);

  const add = () => {
    const next = addStopSequence(list, draft, max);
    if (next.length !== list.length) set(next);
    setDraft('');
  };

  return (
    <div data-testid={`parameter-${name}`}>
      <FieldLabel
        htmlFor={id}
        label={label}
        description={description}
        isSet={list.length > 0}
        onReset={() => onChange(null)}
      >
        <span className="text-xs text-fg-tertiary tabular-nums" data-testid="stop-count">
          {list.length}/{max}
        </span>
      </FieldLabel>
      <div
        className="mt-1 flex min-h-10 flex-wrap items-center gap-1.5 rounded-xl border border-line-control bg-surface px-2 py-1.5 transition-colors focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/20"
        onClick={(e) => (e.currentTarget.querySelector('input') as HTMLInputElement | null)?.focus()}
      >
        {list.map((sequence, index) => (
          <span
            key={sequence}
            className="inline-flex max-w-full items-center gap-1 rounded-md bg-surface-tertiary py-0.5 pr-0.5 pl-2 font-mono text-xs text-fg"
            data-testid="stop-tag"
          >
            <span className="truncate">{JSON.stringify(sequence).slice(1, -1)}</span>
            <button
              type="button"
              onClick={() => set(list.filter((_, i) => i !== index))}
              className="focus-ring flex size-5 items-center justify-center rounded text-fg-tertiary hover:bg-surface-hover hover:text-fg"
              aria-label={t('stop_remove', { sequence })}
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          disabled={isFull}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || (e.key === ',' && draft.trim())) {
              e.preventDefault();
              add();
            } else if (e.key === 'Backspace' && !draft && list.length) {
              set(list.slice(0, -1));
            }
          }}
          onBlur={() => draft.trim() && add()}
          placeholder={isFull ? t('stop_full', { max }) : list.length ? '' : t('stop_placeholder')}
          className={cn(
            'h-7 min-w-[6rem] flex-1 bg-transparent px-1 text-[13px] text-fg outline-none placeholder:text-fg-tertiary disabled:cursor-not-allowed',
          )}
          data-testid={`parameter-input-${name}`}
        />
      </div>
    </div>
  );
}
