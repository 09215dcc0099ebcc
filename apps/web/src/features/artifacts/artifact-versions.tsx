import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/ui/icon-button';
import { selectArtifact } from './artifact-panel-store';
import type { Artifact } from './conversation-artifacts';

/**
 * The versions of an artifact (the same identifier written again later in the conversation):
 * previous and next, "i / n", and a "Latest" badge on the newest.
 */
export function ArtifactVersions({ artifact, versions }: { artifact: Artifact; versions: readonly Artifact[] }) {
  const { t } = useTranslation('artifacts');
  const at = versions.findIndex((v) => v.messageId === artifact.messageId && v.index === artifact.index);
  if (versions.length < 2 || at === -1) return null;
  const go = (to: number) => {
    const version = versions[to];
    if (version) selectArtifact({ messageId: version.messageId, index: version.index });
  };
  const isLatest = at === versions.length - 1;
  return (
    <div className="flex shrink-0 items-center gap-1.5" data-testid="artifact-versions">
      <div className="flex items-center rounded-lg border border-line bg-surface-secondary/60 p-0.5">
        <IconButton
          label={t('versions.previous')}
          size="icon-sm"
          className="size-7 rtl:rotate-180 [&_svg]:size-4"
          disabled={at === 0}
          onClick={() => go(at - 1)}
          data-testid="artifact-version-previous"
        >
          <ChevronLeft aria-hidden />
        </IconButton>
        <span
          className="min-w-10 px-1 text-center text-xs font-medium text-fg-secondary tabular-nums"
          aria-label={t('versions.label', { current: at + 1, count: versions.length })}
          data-testid="artifact-version"
        >
          {at + 1} / {versions.length}
        </span>
        <IconButton
          label={t('versions.next')}
          size="icon-sm"
          className="size-7 rtl:rotate-180 [&_svg]:size-4"
          disabled={isLatest}
          onClick={() => go(at + 1)}
          data-testid="artifact-version-next"
        >
          <ChevronRight aria-hidden />
        </IconButton>
      </div>
      {isLatest ? (
        <span
          className="rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-semibold text-accent"
          data-testid="artifact-latest"
        >
          {t('versions.latest')}
        </span>
      ) : null}
    </div>
  );
}
