import { Download, Expand, TriangleAlert } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { Tooltip } from '../../components/ui/tooltip';
import { track } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import type { ToolCallStatus } from '../chat/messages/tools/tool-call-status';
import type { ToolCall } from '../chat/stream/tool-call-events';
import { MessageActionButton } from '../chat/messages/message-action-button';
import { sourceFromCall } from './editor/editor-document';
import { LazyMemeEditor } from './editor/lazy-meme-editor';
import { memeImageAltText } from './links/meme-alt-text-of';
import { useMemeScope } from './meme-context';
import { MemeExpandDialog } from './meme-expand-dialog';
import { MemeSlotError } from './meme-slot-error';
import { templatePictureOf } from './meme-source';
import { useMemeDrawing, type MemeImagePhase } from './use-meme-drawing';
import { useMemeImageDownload } from './use-meme-image-download';

const PLACEHOLDER_KEYS: Partial<Record<MemeImagePhase, 'placeholder.waiting_data' | 'placeholder.loading_image'>> = {
  'waiting-data': 'placeholder.waiting_data',
  'loading-image': 'placeholder.loading_image',
};

/**
 * A `create_meme_image` slot: the meme drawn on a 1080×1920 canvas that CSS scales to the slot,
 * SPEC 8's placeholders while it comes, a warning when a caption cannot fit, and its actions
 * (`reactions` first, then expand and download). `frame` places the body and actions in the slot.
 */
export function MemeImageSlot({
  call,
  status,
  reactions,
  frame,
  editContext,
}: {
  call: ToolCall;
  status: ToolCallStatus;
  reactions: ReactNode;
  frame: (body: ReactNode, actions: ReactNode) => ReactNode;
  /** Issue 39: where an edited copy goes (the owner's chat); absent, the meme has no Edit. */
  editContext?: { conversationId: string; messageId: string };
}) {
  const { t } = useTranslation('memes');
  const { canvasRef, phase, scene, overflow, smallestCaptionCssPx, output } = useMemeDrawing(call, status);
  const [isExpanded, setIsExpanded] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  // Issue 39: the alt text names the meme for screen readers, rides in the download and is shown on demand.
  const altText = memeImageAltText(output, scene.boxes);
  const { shareId } = useMemeScope();
  const links = useMemo(
    () => ({ altText, fileId: shareId ? null : (output?.file_id ?? null) }),
    [altText, shareId, output?.file_id],
  );
  const { download, isDownloading } = useMemeImageDownload(scene, altText);
  const isSavable = phase === 'ready' && status === 'done';
  // Nothing to expand or save: the slot says why instead.
  const hasNoMeme = status === 'error' || phase === 'failed';
  const placeholder = PLACEHOLDER_KEYS[phase];
  const editSource = useMemo(
    () =>
      editContext && isSavable && call.id
        ? sourceFromCall({ kind: 'reply', ...editContext, toolCallId: call.id }, call.args, output)
        : null,
    [editContext?.conversationId, editContext?.messageId, isSavable, call.id, call.args, output],
  );
  // From the expanded view (the slot's own row has no room for one more button on a phone).
  const openEditor = () => {
    setIsExpanded(false);
    setIsEditing(true);
  };
  const openExpanded = () => {
    track('meme_expanded', { is_expanded: true });
    setIsExpanded(true);
  };

  const body =
    status === 'error' ? (
      <MemeSlotError message={call.output ?? ''} />
    ) : (
      <>
        <div className={cn('relative aspect-[9/16] w-full', phase === 'failed' ? 'bg-surface-tertiary' : 'bg-black')}>
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={phase === 'failed' ? t('placeholder.failed_image') : altText}
            className="absolute inset-0 size-full object-contain"
            data-testid="meme-canvas"
            data-phase={phase}
            data-smallest-caption-px={smallestCaptionCssPx?.toFixed(1)}
          />
          {placeholder ? (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2.5 bg-gradient-to-b from-black/10 via-black/40 to-black/10 p-4 text-center">
              <Spinner className="size-5 text-white/80" />
              <p className="text-xs font-medium text-white/85" data-testid="meme-placeholder">
                {t(placeholder)}
              </p>
            </div>
          ) : null}
          {phase === 'failed' ? (
            <p className="sr-only" data-testid="meme-placeholder">
              {t('placeholder.failed_image')}
            </p>
          ) : null}
          {/* A small badge in the corner: a full-width banner would cover the bottom caption. */}
          {overflow.length && phase !== 'failed' ? (
            <Tooltip
              content={`${t('caption_warning', { count: overflow.length })}. ${t('caption_warning_hint')}`}
              side="top"
            >
              <span
                tabIndex={0}
                className="focus-ring absolute start-2 bottom-2 inline-flex size-7 items-center justify-center rounded-full bg-amber-400 text-amber-950 shadow-md ring-2 ring-black/20"
                role="status"
                aria-label={t('caption_warning', { count: overflow.length })}
                data-testid="meme-caption-warning"
              >
                <TriangleAlert className="size-4" aria-hidden />
              </span>
            </Tooltip>
          ) : null}
        </div>
      </>
    );

  const actions = (
    <>
      {reactions}
      {hasNoMeme ? null : (
        <div className="ms-auto flex items-center gap-0.5">
          <MessageActionButton label={t('expand')} onClick={openExpanded} isDisabled={!isSavable} testId="meme-expand">
            <Expand />
          </MessageActionButton>
          <MessageActionButton
            label={t('download_image')}
            onClick={() => void download()}
            isDisabled={!isSavable || isDownloading}
            testId="meme-download"
          >
            <Download />
          </MessageActionButton>
        </div>
      )}
      {isSavable ? (
        <MemeExpandDialog
          scene={scene}
          isOpen={isExpanded}
          onOpenChange={setIsExpanded}
          onEdit={editSource ? openEditor : undefined}
          links={links}
          templatePicture={shareId ? null : templatePictureOf(output)}
        />
      ) : null}
      {editSource ? <LazyMemeEditor source={editSource} isOpen={isEditing} onOpenChange={setIsEditing} /> : null}
    </>
  );
  return frame(body, actions);
}
