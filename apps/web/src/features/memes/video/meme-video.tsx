import { MEME_UI } from '@confab/shared';
import { CircleAlert, Download, VideoOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { INITIAL_TOOL_PROGRESS, type ToolCall } from '../../chat/stream/tool-call-events';
import { useVideoDownload } from './use-video-download';
import { useVideoSource } from './use-video-source';
import { readVideoUrl, videoFormatOf, videoPosterOf } from './video-url';

export type MemeVideoPhase = 'generating' | 'no-url' | 'loading' | 'ready' | 'failed';

/** SPEC 8's text for each phase that is not the playing video itself. */
const STATUS_KEYS = {
  generating: 'video.generating',
  'no-url': 'video.no_url',
  loading: 'video.loading',
  failed: 'video.failed',
} as const;

/**
 * The video a tool made (SPEC 3, video tool output), in a meme slot: "Generating video..." while
 * the tool runs (with the render's percentage once the tool reports it), then the player, at most
 * 300 px tall and centred, with a download button; an animated GIF or WebP plays as a picture.
 * Our own videos load with the token (or the share id) into a blob URL; another tool's URL plays
 * as it is.
 */
export function MemeVideo({
  call,
  isSubmitting,
  shareId,
}: {
  call: ToolCall;
  isSubmitting: boolean;
  messageId: string;
  shareId?: string | undefined;
}) {
  const { t, i18n } = useTranslation('meme-media');
  const isGenerating = call.output === undefined && isSubmitting;
  const url = isGenerating ? null : readVideoUrl(call.output);
  const source = useVideoSource(url, shareId);
  // Keyed by the source, so a new source gets a fresh try.
  const [playback, setPlayback] = useState<{ src: string; state: 'ready' | 'error' } | null>(null);
  const playbackState = playback && playback.src === source.src ? playback.state : null;
  const { download, isDownloading } = useVideoDownload(url, shareId);
  const isPicture = url !== null && videoFormatOf(url) !== 'mp4';
  // The server's poster (with the captions), shown until it plays: the first frame has none yet.
  const poster = useVideoSource(url ? videoPosterOf(url) : null, shareId);
  const markReady = () => source.src && setPlayback({ src: source.src, state: 'ready' });
  const markFailed = () => source.src && setPlayback({ src: source.src, state: 'error' });
  const percent =
    isGenerating && call.progress !== undefined && call.progress > INITIAL_TOOL_PROGRESS
      ? Math.round(call.progress * 100)
      : undefined;

  const phase: MemeVideoPhase = isGenerating
    ? 'generating'
    : !url
      ? 'no-url'
      : source.status === 'error' || playbackState === 'error'
        ? 'failed'
        : source.status === 'loading' || playbackState === null
          ? 'loading'
          : 'ready';
  const isProblem = phase === 'no-url' || phase === 'failed';

  return (
    <div
      className="relative flex min-h-40 w-full items-center justify-center self-stretch p-2"
      data-testid="meme-video-slot"
      data-phase={phase}
    >
      {source.src && phase !== 'failed' ? (
        isPicture ? (
          <img
            key={source.src}
            src={source.src}
            alt={t('video.label')}
            onLoad={markReady}
            onError={markFailed}
            style={{ maxHeight: MEME_UI.videoMaxHeightPx }}
            className={cn(
              'block h-auto w-auto max-w-full rounded-xl bg-black object-contain shadow-sm transition-opacity duration-200',
              phase === 'ready' ? 'opacity-100' : 'opacity-0',
            )}
            data-testid="meme-video"
          />
        ) : (
          <video
            key={source.src}
            src={source.src}
            controls
            playsInline
            preload="metadata"
            poster={poster.status === 'ready' ? (poster.src ?? undefined) : undefined}
            aria-label={t('video.label')}
            onLoadedMetadata={markReady}
            onError={markFailed}
            style={{ maxHeight: MEME_UI.videoMaxHeightPx }}
            className={cn(
              'block h-auto w-auto max-w-full rounded-xl bg-black object-contain shadow-sm transition-opacity duration-200',
              phase === 'ready' ? 'opacity-100' : 'opacity-0',
            )}
            data-testid="meme-video"
          />
        )
      ) : null}

      {phase !== 'ready' ? (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-2.5 p-4 text-center"
          role={isProblem ? 'alert' : 'status'}
        >
          {isProblem ? (
            phase === 'no-url' ? (
              <VideoOff className="size-6 text-white/70" aria-hidden />
            ) : (
              <CircleAlert className="size-6 text-red-300" aria-hidden />
            )
          ) : (
            <Spinner className="size-5 text-white/80" />
          )}
          <p className="max-w-56 text-xs font-medium text-white/85" data-testid="meme-video-status">
            {t(STATUS_KEYS[phase])}
          </p>
          {percent !== undefined ? (
            <RenderProgress percent={percent} label={t('video.progress')} language={i18n.resolvedLanguage} />
          ) : null}
        </div>
      ) : null}

      {url && phase !== 'generating' ? (
        <Tooltip content={t('video.download')} side="bottom">
          <button
            type="button"
            onClick={() => void download()}
            disabled={isDownloading}
            aria-label={t('video.download')}
            aria-busy={isDownloading}
            // Beside the slot's details button (top end), clear of the player's own controls below.
            className="focus-ring absolute end-11 top-2 flex size-7 items-center justify-center rounded-full bg-black/45 text-white/90 backdrop-blur-sm transition-colors hover:bg-black/65 hover:text-white disabled:opacity-60 pointer-coarse:size-9"
            data-testid="meme-video-download"
          >
            {isDownloading ? <Spinner className="size-3.5 text-white" /> : <Download className="size-4" aria-hidden />}
          </button>
        </Tooltip>
      ) : null}
    </div>
  );
}

/** The render's progress while the tool runs: a bar and its percentage. */
function RenderProgress({
  percent,
  label,
  language,
}: {
  percent: number;
  label: string;
  language?: string | undefined;
}) {
  return (
    <div className="flex items-center gap-2" data-testid="meme-video-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 w-32 overflow-hidden rounded-full bg-white/20"
      >
        <div
          className="h-full rounded-full bg-white/85 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="min-w-9 text-end text-xs font-medium text-white/85 tabular-nums">
        {new Intl.NumberFormat(language, { style: 'percent' }).format(percent / 100)}
      </span>
    </div>
  );
}
