import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { MAX_STARTERS } from './agent-form';
import { BuilderSection } from './builder-fields';

/** Up to 4 conversation starters, shown as cards on the agent's landing. */
export function StartersSection({
  starters,
  onChange,
  isReadOnly,
}: {
  starters: string[];
  onChange(starters: string[]): void;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation('agents');
  const isFull = starters.length >= MAX_STARTERS;
  return (
    <BuilderSection
      title={t('builder.starters')}
      testId="agent-starters-section"
      action={
        isReadOnly ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-accent"
            disabled={isFull}
            onClick={() => onChange([...starters, ''])}
            data-testid="add-starter"
          >
            <Plus className="size-4" aria-hidden />
            {t('builder.add_starter')}
          </Button>
        )
      }
    >
      {starters.length === 0 ? (
        <p className="text-xs text-fg-tertiary">{t('builder.no_starters')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {starters.map((starter, i) => (
            <li key={i} className="flex items-center gap-1">
              <input
                value={starter}
                onChange={(e) => onChange(starters.map((s, j) => (j === i ? e.target.value : s)))}
                placeholder={t('builder.starter_placeholder')}
                aria-label={t('builder.starter_label', { index: i + 1 })}
                disabled={isReadOnly}
                maxLength={512}
                className="h-9 min-w-0 flex-1 rounded-xl border border-line-control bg-surface px-3 text-[13px] text-fg outline-none placeholder:text-fg-tertiary focus:border-accent focus:ring-2 focus:ring-accent/20"
                data-testid="agent-starter"
              />
              {isReadOnly ? null : (
                <IconButton
                  label={t('builder.remove_starter')}
                  size="icon-sm"
                  className="size-8 text-fg-tertiary"
                  onClick={() => onChange(starters.filter((_, j) => j !== i))}
                >
                  <X />
                </IconButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {isFull && !isReadOnly ? (
        <p className="mt-1.5 text-[11px] text-fg-tertiary">{t('builder.starters_max', { max: MAX_STARTERS })}</p>
      ) : null}
    </BuilderSection>
  );
}
