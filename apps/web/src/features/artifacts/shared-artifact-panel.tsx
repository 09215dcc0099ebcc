import type { Message } from '@confab/shared';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useSmallScreen } from '../layout/use-small-screen';
import { resetArtifactPanel, useArtifactPanelStore } from './artifact-panel-store';
import { conversationArtifacts, findArtifact } from './conversation-artifacts';

const ArtifactPanel = lazy(async () => ({ default: (await import('./artifact-panel')).ArtifactPanel }));

/**
 * A shared conversation's artifacts, read-only: a card opens its preview and code in a sheet over
 * the page (full screen on a phone). Nothing can be saved from here.
 */
export function SharedArtifactPanel({ messages }: { messages: readonly Message[] }) {
  const artifacts = useMemo(() => conversationArtifacts(messages), [messages]);
  const isSmallScreen = useSmallScreen();
  const isOpen = useArtifactPanelStore((s) => s.isOpen);
  const ref = useArtifactPanelStore((s) => s.ref);
  useEffect(() => {
    resetArtifactPanel();
    return resetArtifactPanel;
  }, []);
  const artifact = findArtifact(artifacts, ref);
  if (!isOpen || !artifact) return null;
  return (
    <Suspense fallback={null}>
      <ArtifactPanel
        artifact={artifact}
        artifacts={artifacts}
        isGenerating={false}
        isMessageStreaming={false}
        layout={isSmallScreen ? 'sheet' : 'drawer'}
        canEdit={false}
      />
    </Suspense>
  );
}
