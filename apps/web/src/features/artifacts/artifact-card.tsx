import type { ArtifactBlock } from '@confab/shared';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { ArtifactIcon } from './artifact-icon';
import { kindOf } from './artifact-kinds';
import { openArtifact, useIsArtifactShown } from './artifact-panel-store';

/**
 * An artifact in its message: a card (title, kind, state) in place of its markup, which opens it
 * in the side panel. While the artifact streams in it says so; the one the panel shows is marked.
 */
export function ArtifactCard({
  block,
  messageId,
  index,
  isGenerating,
}: {
  block: ArtifactBlock;
  messageId: string;
  /** Its place among its message's artifacts. */
  index: number;
  isGenerating: boolean;
}) {
  const { t } = useTranslation('artifacts');
  const kind = kindOf(block.type);
  const isShown = useIsArtifactShown({ messageId, index });
  return (
    <button
      type="button"
      onClick={() => openArtifact({ messageId, index })}
      className={cn(
        'artifact-card focus-ring group my-3 flex w-full max-w-md items-center gap-3 rounded-xl border bg-surface p-2.5 pe-3 text-start shadow-sm transition-[border-color,background-color,box-shadow] duration-150 hover:bg-surface-secondary',
        isShown ? 'border-accent/60 ring-1 ring-accent/30' : 'border-line hover:border-line-strong',
      )}
      aria-label={t('card.open_label', { title: block.title })}
      data-testid="artifact-card"
      data-state={isGenerating ? 'generating' : 'ready'}
      data-shown={isShown}
      data-identifier={block.identifier}
    >
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-lg border border-line bg-surface-secondary text-fg-secondary',
          isShown && 'text-accent',
        )}
      >
        {isGenerating ? <Spinner className="size-[18px]" /> : <ArtifactIcon kind={kind} className="size-[18px]" />}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-fg" data-testid="artifact-card-title">
          {block.title}
        </span>
        <span className="truncate text-xs text-fg-tertiary">
          {t(`kind.${kind}`)}
          <span aria-hidden> · </span>
          {isGenerating ? t('card.generating') : isShown ? t('card.shown') : t('card.open')}
        </span>
      </span>
      <ChevronRight
        className="size-4 shrink-0 text-fg-tertiary transition-transform duration-150 group-hover:translate-x-0.5 rtl:rotate-180"
        aria-hidden
      />
    </button>
  );
}
