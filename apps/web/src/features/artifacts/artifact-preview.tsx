import { AlertTriangle, Code2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useThrottledValue } from '../../lib/use-throttled-value';
import { kindOf } from './artifact-kinds';
import { closePartialSvg } from './partial-svg';
import { ArtifactFrame } from './runtime/artifact-frame';
import type { ArtifactFrameStatus } from './runtime/artifact-runtime-types';

const HTML_STREAM_INTERVAL_MS = 400;

/**
 * The Preview tab: the artifact running in the sandboxed frame, live while it streams in. It is
 * never a blank box: a note says it is rendering, and a failure (drawn in the frame with its
 * message) is named under it with its line and the way to the code.
 */
export function ArtifactPreview({
  type,
  content,
  title,
  isGenerating,
  refreshKey,
  isHidden,
  onShowCode,
}: {
  type: string;
  content: string;
  title: string;
  isGenerating: boolean;
  refreshKey: number;
  /** The Code tab is up: the frame stays loaded underneath, so coming back is instant. */
  isHidden: boolean;
  /** Opens the Code tab, at the failing line when it is known. */
  onShowCode(line?: number): void;
}) {
  const { t } = useTranslation('artifacts');
  const [status, setStatus] = useState<ArtifactFrameStatus>({ state: 'loading' });
  // An HTML page is a whole new document at each render (its scripts start over, the frame is
  // swapped): while it streams, a few times a second is live enough. Other kinds follow each update;
  // an SVG streaming in shows what has arrived, closed up (the frame's XML parser takes nothing less).
  const kind = kindOf(type);
  const throttled = useThrottledValue(content, HTML_STREAM_INTERVAL_MS);
  const shownContent = !isGenerating
    ? content
    : kind === 'html'
      ? throttled
      : kind === 'svg'
        ? closePartialSvg(content)
        : content;
  return (
    <div
      className={cn('@container absolute inset-0 flex flex-col bg-surface', isHidden && 'invisible')}
      aria-hidden={isHidden || undefined}
      data-testid="artifact-preview"
      data-status={status.state}
    >
      <div className="relative min-h-0 flex-1">
        <ArtifactFrame
          type={type}
          content={shownContent}
          streaming={isGenerating}
          refreshKey={refreshKey}
          title={t('panel.frame_title', { title })}
          className="block h-full w-full border-0"
          onStatus={setStatus}
        />
        {status.state === 'loading' || (isGenerating && status.state !== 'error') ? (
          <div
            className="pointer-events-none absolute end-3 top-3 flex items-center gap-2 rounded-full border border-line bg-surface/95 px-3 py-1.5 text-xs font-medium text-fg-secondary shadow-sm backdrop-blur"
            role="status"
            data-testid="artifact-preview-status"
          >
            <Spinner className="size-3.5" />
            {isGenerating ? t('panel.generating') : t('panel.loading')}
          </div>
        ) : null}
      </div>
      {/* The frame draws the whole message; this bar says it where the panel's actions are, with the way to the line. */}
      {status.state === 'error' ? (
        <div
          className="flex shrink-0 items-center gap-2.5 border-t border-danger-line bg-danger-soft py-2 ps-4 pe-2 text-sm"
          role="alert"
          data-testid="artifact-error"
        >
          <AlertTriangle className="size-4 shrink-0 text-danger" aria-hidden />
          {/* A narrow panel (a phone) keeps the line, the message and the action in view. */}
          <span className="sr-only shrink-0 font-medium text-fg @md:not-sr-only">{t('panel.error_title')}</span>
          {status.line ? (
            <span
              className="shrink-0 rounded-md bg-danger/10 px-1.5 py-0.5 text-xs font-semibold text-danger"
              data-testid="artifact-error-line"
            >
              {t('panel.error_line', { line: status.line })}
            </span>
          ) : null}
          <span className="min-w-0 flex-1 truncate font-mono text-xs text-fg-secondary" title={status.message}>
            {status.message}
          </span>
          <Button variant="ghost" size="sm" onClick={() => onShowCode(status.line)} className="shrink-0">
            <Code2 className="size-4" aria-hidden />
            {t('panel.show_code')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
