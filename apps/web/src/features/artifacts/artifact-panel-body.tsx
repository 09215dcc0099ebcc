import { Check, Copy, Download, Maximize2, Minimize2, RefreshCw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { IconButton } from '../../components/ui/icon-button';
import { cn } from '../../lib/cn';
import { useCopyToClipboard } from '../chat/hooks/use-copy-to-clipboard';
import { ArtifactCodeEditor } from './artifact-code-editor';
import { ArtifactIcon } from './artifact-icon';
import { artifactFileName, artifactMimeType, kindOf } from './artifact-kinds';
import { refreshArtifact, setArtifactTab, useArtifactPanelStore, type ArtifactTab } from './artifact-panel-store';
import { ArtifactPreview } from './artifact-preview';
import { ArtifactVersions } from './artifact-versions';
import { versionsOf, type Artifact } from './conversation-artifacts';
import { isPreviewableArtifactType } from './runtime/artifact-runtime-types';
import { useSaveArtifact } from './use-save-artifact';

/** Edited code not saved yet, for the artifact it was typed into. */
interface Draft {
  key: string;
  text: string;
}

/**
 * The panel's content: the artifact's title and versions, Preview and Code tabs, and copy,
 * download, refresh and full screen. The Code tab edits (where the user may) and saves through
 * the artifact route; the preview shows the edit as it is typed.
 */
export function ArtifactPanelBody({
  artifact,
  artifacts,
  isGenerating,
  isMessageStreaming,
  canEdit,
  onClose,
  isFullscreen,
  onToggleFullscreen,
}: {
  artifact: Artifact;
  artifacts: readonly Artifact[];
  isGenerating: boolean;
  isMessageStreaming: boolean;
  canEdit: boolean;
  onClose(): void;
  isFullscreen: boolean;
  onToggleFullscreen(): void;
}) {
  const { t } = useTranslation('artifacts');
  const chosenTab = useArtifactPanelStore((s) => s.tab);
  const refreshKey = useArtifactPanelStore((s) => s.refreshKey);
  const { isCopied, copy } = useCopyToClipboard();
  const kind = kindOf(artifact.type);
  const isPreviewable = isPreviewableArtifactType(artifact.type);
  const tab: ArtifactTab = isPreviewable ? chosenTab : 'code';
  const key = `${artifact.messageId}:${artifact.index}`;

  const [draft, setDraft] = useState<Draft | null>(null);
  /** The line a preview error pointed at, for the editor to open on. */
  const [errorLine, setErrorLine] = useState<{ key: string; line: number } | null>(null);
  const edited = draft?.key === key && draft.text !== artifact.content ? draft.text : null;
  const shown = edited ?? artifact.content;
  const save = useSaveArtifact(() => setDraft(null));
  const isReadOnly = !canEdit || isMessageStreaming;
  const saveEdit = () => {
    if (edited === null || isReadOnly || save.isPending) return;
    save.mutate({ messageId: artifact.messageId, index: artifact.index, original: artifact.content, updated: edited });
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([shown], { type: artifactMimeType(artifact.type) }));
    const link = document.createElement('a');
    link.href = url;
    link.download = artifactFileName(artifact.title, artifact.type);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div
      className="flex min-h-0 flex-1 flex-col bg-surface"
      data-testid="artifact-panel-body"
      data-artifact-id={artifact.id}
    >
      <header className="flex h-14 shrink-0 items-center gap-2.5 border-b border-line ps-4 pe-2">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg border border-line bg-surface-secondary text-fg-secondary">
          <ArtifactIcon kind={kind} className="size-4" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 className="truncate text-sm font-semibold text-fg" data-testid="artifact-panel-title">
            {artifact.title}
          </h2>
          <p className="truncate text-xs text-fg-tertiary">
            {t(`kind.${kind}`)}
            {isGenerating ? (
              <>
                <span aria-hidden> · </span>
                {t('panel.generating')}
              </>
            ) : null}
          </p>
        </div>
        <ArtifactVersions artifact={artifact} versions={versionsOf(artifacts, artifact)} />
        <IconButton label={t('panel.close')} size="icon-sm" onClick={onClose} data-testid="artifact-panel-close">
          <X aria-hidden />
        </IconButton>
      </header>

      <div className="flex h-12 shrink-0 items-center justify-between gap-2 border-b border-line px-2">
        <div role="tablist" className="flex items-center gap-0.5 rounded-lg bg-surface-tertiary p-0.5">
          {(isPreviewable ? (['preview', 'code'] as const) : (['code'] as const)).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={tab === value}
              onClick={() => {
                setErrorLine(null);
                setArtifactTab(value);
              }}
              className={cn(
                'focus-ring rounded-md px-3 py-1 text-sm font-medium transition-colors',
                tab === value ? 'bg-surface text-fg shadow-sm' : 'text-fg-secondary hover:text-fg',
              )}
              data-testid={`artifact-tab-${value}`}
            >
              {t(`panel.${value}`)}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-0.5">
          {tab === 'preview' ? (
            <IconButton
              label={t('panel.refresh')}
              size="icon-sm"
              onClick={refreshArtifact}
              data-testid="artifact-refresh"
            >
              <RefreshCw aria-hidden />
            </IconButton>
          ) : null}
          <IconButton
            label={isCopied ? t('panel.copied') : t('panel.copy')}
            size="icon-sm"
            onClick={() => copy(shown)}
            data-testid="artifact-copy"
          >
            {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          </IconButton>
          <IconButton
            label={t('panel.download', { file: artifactFileName(artifact.title, artifact.type) })}
            size="icon-sm"
            onClick={download}
            data-testid="artifact-download"
          >
            <Download aria-hidden />
          </IconButton>
          <IconButton
            label={isFullscreen ? t('panel.exit_fullscreen') : t('panel.fullscreen')}
            size="icon-sm"
            onClick={onToggleFullscreen}
            data-testid="artifact-fullscreen"
          >
            {isFullscreen ? <Minimize2 aria-hidden /> : <Maximize2 aria-hidden />}
          </IconButton>
        </div>
      </div>

      <div className="relative min-h-0 flex-1" role="tabpanel">
        {isPreviewable ? (
          <ArtifactPreview
            key={key}
            type={artifact.type}
            content={shown}
            title={artifact.title}
            isGenerating={isGenerating}
            refreshKey={refreshKey}
            isHidden={tab !== 'preview'}
            onShowCode={(line) => {
              setErrorLine(line ? { key, line } : null);
              setArtifactTab('code');
            }}
          />
        ) : null}
        {tab === 'code' ? (
          <ArtifactCodeEditor
            key={key}
            value={shown}
            onChange={(text) => setDraft({ key, text })}
            isReadOnly={isReadOnly}
            label={t('editor.label', { title: artifact.title })}
            onSave={saveEdit}
            focusLine={errorLine?.key === key ? errorLine.line : undefined}
          />
        ) : null}
      </div>

      {tab === 'code' && (isReadOnly || edited !== null) ? (
        <div className="flex min-h-12 shrink-0 items-center justify-between gap-3 border-t border-line px-4 py-2 text-xs text-fg-secondary">
          {isReadOnly ? (
            <span data-testid="artifact-read-only">
              {canEdit ? t('editor.read_only_streaming') : t('editor.read_only_shared')}
            </span>
          ) : (
            <>
              <span className="flex items-center gap-2" data-testid="artifact-unsaved">
                <span className="size-2 rounded-full bg-accent" aria-hidden />
                {t('editor.unsaved')}
              </span>
              <div className="flex items-center gap-2">
                <Button variant="ghost" size="sm" onClick={() => setDraft(null)} disabled={save.isPending}>
                  {t('editor.discard')}
                </Button>
                <Button size="sm" onClick={saveEdit} isLoading={save.isPending} data-testid="artifact-save">
                  {save.isPending ? t('editor.saving') : t('editor.save')}
                </Button>
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
