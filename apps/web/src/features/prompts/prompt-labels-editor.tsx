import { PROMPT_LABEL_MAX_LENGTH, PROMPT_LABELS_MAX } from '@confab/shared';
import { Plus, Tag, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { promptInputClass, promptInputErrorClass } from './prompt-fields';
import { addLabel, removeLabel, type LabelError } from './prompt-rules';

/** The labels of one version as chips; with `onChange`, chips can be removed and new ones added. */
export function PromptLabelsEditor({ labels, onChange }: { labels: string[]; onChange?: (labels: string[]) => void }) {
  const { t } = useTranslation('prompts');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<LabelError | null>(null);

  const add = () => {
    if (!onChange) return;
    const result = addLabel(labels, draft);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    onChange(result.labels);
    setDraft('');
    setError(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div data-testid="prompt-labels">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="inline-flex items-center gap-1 text-xs text-fg-tertiary">
          <Tag className="size-3.5" aria-hidden />
          {t('labels')}
        </span>
        {labels.length === 0 && !onChange ? <span className="text-xs text-fg-tertiary">{t('no_labels')}</span> : null}
        {labels.map((label) => (
          <span
            key={label}
            className="inline-flex h-6 items-center gap-1 rounded-full border border-line bg-surface-secondary pr-1 pl-2.5 text-xs text-fg"
            data-testid="prompt-label"
            data-label={label}
          >
            {label}
            {onChange ? (
              <button
                type="button"
                onClick={() => onChange(removeLabel(labels, label))}
                aria-label={t('remove_label', { label })}
                className="focus-ring flex size-4 items-center justify-center rounded-full text-fg-tertiary hover:bg-surface-hover hover:text-fg"
                data-testid="prompt-label-remove"
              >
                <X className="size-3" aria-hidden />
              </button>
            ) : (
              <span className="w-1.5" />
            )}
          </span>
        ))}
        {onChange && labels.length < PROMPT_LABELS_MAX ? (
          <span className="inline-flex items-center gap-1">
            <input
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setError(null);
              }}
              onKeyDown={onKeyDown}
              maxLength={PROMPT_LABEL_MAX_LENGTH + 1}
              placeholder={t('add_label')}
              aria-label={t('add_label')}
              aria-invalid={error ? true : undefined}
              className={cn(promptInputClass, 'h-7 w-32 rounded-full px-2.5 text-xs', error && promptInputErrorClass)}
              data-testid="prompt-label-input"
            />
            <Button
              variant="ghost"
              size="icon-sm"
              onClick={add}
              disabled={!draft.trim()}
              aria-label={t('add_label')}
              className="size-7"
              data-testid="prompt-label-add"
            >
              <Plus className="size-4" aria-hidden />
            </Button>
          </span>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {t(`label_error_${error}`, { max: error === 'too_many' ? PROMPT_LABELS_MAX : PROMPT_LABEL_MAX_LENGTH })}
        </p>
      ) : null}
    </div>
  );
}
