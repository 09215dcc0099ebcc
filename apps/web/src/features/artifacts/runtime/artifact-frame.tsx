import {
  ARTIFACT_CHANNEL,
  ARTIFACT_RUNTIME_PATH,
  type RenderRequest,
  isFrameMessage,
} from '@confab/artifact-runtime/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeStore } from '../../theme/use-theme';
import { type ArtifactFrameStatus, isPreviewableArtifactType } from './artifact-runtime-types';

const FRAME_URL = `${ARTIFACT_RUNTIME_PATH}frame.html`;

export interface ArtifactFrameProps {
  /** LibreChat's artifact type: text/html, image/svg+xml, application/vnd.mermaid, application/vnd.react. */
  type: string;
  content: string;
  /** While the reply streams, half-written code that fails keeps the last good render and is not reported. */
  streaming?: boolean;
  /** Changing it reloads the frame from scratch. */
  refreshKey?: number;
  /** Defaults to the app's theme. */
  theme?: 'light' | 'dark';
  title?: string;
  className?: string;
  onStatus?: (status: ArtifactFrameStatus) => void;
}

/**
 * An artifact previewed by the server's runtime in a sandboxed frame: `allow-scripts` without
 * `allow-same-origin`, so its code runs at an opaque origin, away from the app's cookies, storage,
 * DOM and API, under the strict CSP the server sends with the frame. The content is posted in, and
 * the frame answers rendered or error (with the line). Posts are coalesced to one per animation frame.
 */
export function ArtifactFrame({
  type,
  content,
  streaming = false,
  refreshKey = 0,
  theme,
  title,
  className,
  onStatus,
}: ArtifactFrameProps) {
  const { t } = useTranslation('artifacts');
  const appTheme = useThemeStore((state) => state.resolved);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<ArtifactFrameStatus>({ state: 'loading' });
  const seq = useRef(0);
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;

  const report = (next: ArtifactFrameStatus) => {
    setStatus(next);
    onStatusRef.current?.(next);
  };

  // A reload (refreshKey) starts over: the new document says when it is ready.
  useEffect(() => {
    setReady(false);
  }, [refreshKey]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own frame's window speaks for the preview (its origin is 'null', so the source is the check).
      if (event.source !== frameRef.current?.contentWindow || !isFrameMessage(event.data)) return;
      const message = event.data;
      if (message.type === 'ready') setReady(true);
      else if (message.seq !== seq.current) return;
      else if (message.type === 'rendered') report({ state: 'rendered' });
      else
        report({ state: 'error', message: String(message.message), ...(message.line ? { line: message.line } : {}) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const resolvedTheme = theme ?? appTheme;
  const errorTitle = t('panel.error_title');
  const lineLabel = t('panel.error_line', { line: '{{line}}' });
  const previewable = isPreviewableArtifactType(type);

  useEffect(() => {
    if (!previewable) {
      report({ state: 'error', message: t('panel.not_previewable') });
      return;
    }
    if (!ready) return;
    const handle = requestAnimationFrame(() => {
      const target = frameRef.current?.contentWindow;
      if (!target) return;
      const request: RenderRequest = {
        channel: ARTIFACT_CHANNEL,
        type: 'render',
        seq: ++seq.current,
        artifactType: type,
        content,
        streaming,
        theme: resolvedTheme,
        labels: { errorTitle, line: lineLabel },
      };
      if (status.state === 'error' && !streaming) report({ state: 'loading' });
      // The frame's origin is opaque: '*' is the only target origin that reaches it.
      target.postMessage(request, '*');
    });
    return () => cancelAnimationFrame(handle);
    // status is read, not watched: a new status must not post the same content again.
  }, [ready, type, content, streaming, resolvedTheme, errorTitle, lineLabel, previewable]);

  return (
    <iframe
      key={refreshKey}
      ref={frameRef}
      src={FRAME_URL}
      // No allow-same-origin: an opaque origin. allow-forms lets an artifact's onSubmit run
      // (the frame's CSP has form-action 'none', so a form still sends nothing anywhere).
      sandbox="allow-scripts allow-forms"
      title={title}
      className={className ?? 'block h-full w-full border-0'}
      data-testid="artifact-frame"
      data-status={status.state}
      // The frame needs nothing from the app: not even which page embeds it.
      referrerPolicy="no-referrer"
    />
  );
}
