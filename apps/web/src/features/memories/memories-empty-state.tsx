import { Brain, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** No memories yet: what memory is, and a way to add the first one. */
export function MemoriesEmptyState({ canCreate, onAdd }: { canCreate: boolean; onAdd(): void }) {
  const { t } = useTranslation('memories');
  return (
    <div
      className="mt-3 flex flex-col items-center rounded-xl border border-dashed border-line px-5 py-7 dark:border-line-strong text-center"
      data-testid="memories-empty"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent" aria-hidden>
        <Brain className="size-5" />
      </span>
      <p className="mt-3 text-sm font-medium text-fg">{t('empty_title')}</p>
      <p className="mt-1 max-w-sm text-[13px] leading-relaxed text-fg-tertiary">{t('empty_body')}</p>
      {canCreate ? (
        <Button variant="outline" size="sm" className="mt-4" onClick={onAdd} data-testid="memory-add">
          <Plus className="size-4" aria-hidden />
          {t('add')}
        </Button>
      ) : null}
    </div>
  );
}
