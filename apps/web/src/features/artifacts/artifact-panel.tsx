import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../components/ui/use-focus-return';
import { cn } from '../../lib/cn';
import { ArtifactPanelBody } from './artifact-panel-body';
import { closeArtifactPanel } from './artifact-panel-store';
import type { Artifact } from './conversation-artifacts';
import { usePanelWidth } from './use-panel-width';

export interface ArtifactPanelProps {
  artifact: Artifact;
  /** Every artifact of the conversation shown, for its versions. */
  artifacts: readonly Artifact[];
  /** The artifact itself is still streaming in. */
  isGenerating: boolean;
  /** Its message is still streaming (its code cannot be saved yet). */
  isMessageStreaming: boolean;
  /**
   * `docked`: beside the chat, resizable by its edge; `sheet`: a full-screen sheet (a phone);
   * `drawer`: a sheet over the right side of the page (a shared page on a wide screen).
   */
  layout: 'docked' | 'sheet' | 'drawer';
  /** Off on a shared page: the code reads only. */
  canEdit: boolean;
}

/** The side panel of artifacts (SPEC 2), in the layout the screen calls for. */
export function ArtifactPanel(props: ArtifactPanelProps) {
  const { t } = useTranslation('artifacts');
  const { isFullscreen, toggleFullscreen, fullscreenRef } = useFullscreen();
  const label = t('panel.label', { title: props.artifact.title });
  const body = (
    <ArtifactPanelBody
      {...props}
      onClose={closeArtifactPanel}
      isFullscreen={isFullscreen}
      onToggleFullscreen={toggleFullscreen}
    />
  );
  if (props.layout === 'docked') return <DockedPanel label={label} fullscreenRef={fullscreenRef} body={body} />;
  return <SheetPanel label={label} fullscreenRef={fullscreenRef} body={body} isDrawer={props.layout === 'drawer'} />;
}

function DockedPanel({
  label,
  fullscreenRef,
  body,
}: {
  label: string;
  fullscreenRef(node: HTMLElement | null): void;
  body: ReactNode;
}) {
  const { t } = useTranslation('artifacts');
  const { panelRef, width, isResizing, handleProps } = usePanelWidth();
  const attach = useCallback(
    (node: HTMLElement | null) => {
      panelRef.current = node;
      fullscreenRef(node);
    },
    [panelRef, fullscreenRef],
  );
  return (
    <aside
      ref={attach}
      className={cn(
        'relative flex h-full min-h-0 shrink-0 animate-fade-in flex-col border-s border-line bg-surface',
        // The frame would swallow the pointer while the edge is dragged over it.
        isResizing && 'select-none [&_iframe]:pointer-events-none',
      )}
      style={{ width }}
      aria-label={label}
      data-testid="artifact-panel"
      data-layout="docked"
    >
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('panel.resize')}
        tabIndex={0}
        className="group focus-ring absolute inset-y-0 -start-1.5 z-10 w-3 cursor-col-resize touch-none"
        data-testid="artifact-panel-resize"
        {...handleProps}
      >
        <span
          className={cn(
            'absolute inset-y-0 start-1/2 w-0.5 -translate-x-1/2 bg-transparent transition-colors group-hover:bg-accent/50 group-focus-visible:bg-accent/60',
            isResizing && 'bg-accent/70',
          )}
        />
      </div>
      {body}
    </aside>
  );
}

function SheetPanel({
  label,
  fullscreenRef,
  body,
  isDrawer,
}: {
  label: string;
  fullscreenRef(node: HTMLElement | null): void;
  body: ReactNode;
  isDrawer: boolean;
}) {
  const { attach: attachFocusReturn, onCloseAutoFocus } = useFocusReturn();
  const attach = useCallback(
    (node: HTMLElement | null) => {
      attachFocusReturn(node);
      fullscreenRef(node);
    },
    [attachFocusReturn, fullscreenRef],
  );
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : closeArtifactPanel())}>
      <DialogPrimitive.Portal>
        {isDrawer ? (
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        ) : null}
        <DialogPrimitive.Content
          ref={attach}
          className={cn(
            'fixed z-50 flex flex-col bg-surface outline-none data-[state=open]:animate-pop-in',
            isDrawer ? 'inset-y-0 end-0 w-[min(960px,92vw)] border-s border-line shadow-elevated' : 'inset-0',
          )}
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          // The sheet itself takes focus, not its first button (whose tooltip would pop up over the tabs).
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          tabIndex={-1}
          data-testid="artifact-panel"
          data-layout={isDrawer ? 'drawer' : 'sheet'}
        >
          <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
          {body}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Full screen of the panel itself (the Fullscreen API), kept in step with Escape and the browser's own exit. */
function useFullscreen() {
  const nodeRef = useRef<HTMLElement | null>(null);
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setIsFullscreen(!!nodeRef.current && document.fullscreenElement === nodeRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (nodeRef.current && document.fullscreenElement === nodeRef.current) void document.exitFullscreen();
    };
  }, []);
  const fullscreenRef = useCallback((node: HTMLElement | null) => {
    nodeRef.current = node;
  }, []);
  const toggleFullscreen = useCallback(() => {
    const node = nodeRef.current;
    if (!node) return;
    if (document.fullscreenElement === node) void document.exitFullscreen().catch(() => undefined);
    else void node.requestFullscreen?.().catch(() => undefined);
  }, []);
  return { isFullscreen, toggleFullscreen, fullscreenRef };
}
