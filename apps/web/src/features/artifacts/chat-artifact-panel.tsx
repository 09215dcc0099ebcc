import type { Message } from '@confab/shared';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSmallScreen } from '../layout/use-small-screen';
import { openArtifact, resetArtifactPanel, useArtifactPanelStore, type ArtifactTab } from './artifact-panel-store';
import { findArtifact, type Artifact, type ArtifactRef } from './conversation-artifacts';
import { useChatArtifacts } from './use-chat-artifacts';

// The panel (frame, editor, versions) loads the first time an artifact opens, not with the chat.
const ArtifactPanel = lazy(async () => ({ default: (await import('./artifact-panel')).ArtifactPanel }));

/** The artifact the panel showed in this tab, so a reload opens it again. */
const REMEMBERED_KEY = 'confab:artifact-panel';

interface Remembered extends ArtifactRef {
  conversationId: string;
  tab: ArtifactTab;
}

function readRemembered(): Remembered | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(REMEMBERED_KEY);
    return raw ? (JSON.parse(raw) as Remembered) : null;
  } catch {
    return null;
  }
}

function writeRemembered(value: Remembered | null): void {
  try {
    if (value) globalThis.sessionStorage?.setItem(REMEMBERED_KEY, JSON.stringify(value));
    else globalThis.sessionStorage?.removeItem(REMEMBERED_KEY);
  } catch {
    // Without sessionStorage a reload simply starts with the panel closed.
  }
}

/**
 * The chat's artifact panel: beside the conversation on wide screens, a full-screen sheet on a
 * phone. It opens by itself when a reply starts writing an artifact (as LibreChat's does), from
 * a card otherwise, and after a reload on the artifact it showed.
 */
export function ChatArtifactPanel({
  sessionKey,
  conversationKey,
  conversationId,
  branch,
}: {
  /** Changes when another conversation opens (the panel closes); stays when a new chat gets its id. */
  sessionKey: string;
  conversationKey: string;
  conversationId: string | null;
  branch: readonly Message[];
}) {
  const { artifacts, liveMessageId } = useChatArtifacts(conversationKey, branch);
  const isSmallScreen = useSmallScreen();
  const isOpen = useArtifactPanelStore((s) => s.isOpen);
  const ref = useArtifactPanelStore((s) => s.ref);
  const tab = useArtifactPanelStore((s) => s.tab);

  // Another conversation: the panel starts closed (and closes when the chat is left).
  useEffect(() => {
    resetArtifactPanel();
    return resetArtifactPanel;
  }, [sessionKey]);

  useAutoOpen(sessionKey, branch.length > 0, artifacts, liveMessageId);
  useReopenAfterReload(conversationId, artifacts);

  // Remembered while open; forgotten when closed (not merely before it reopens after a reload).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!conversationId) return;
    if (isOpen && ref) writeRemembered({ conversationId, ...ref, tab });
    else if (wasOpen.current && readRemembered()?.conversationId === conversationId) writeRemembered(null);
    wasOpen.current = isOpen;
  }, [conversationId, isOpen, ref, tab]);

  // While a reply settles the branch can lack a message for a render or two: the panel keeps what
  // it showed rather than unmounting (its frame would load again from scratch). An artifact that
  // left the branch for good (another version of its message was picked) stays until another opens.
  const found = findArtifact(artifacts, ref);
  const lastFound = useRef<Artifact | null>(null);
  if (found) lastFound.current = found;
  const kept = lastFound.current;
  const artifact = found ?? (kept?.messageId === ref?.messageId && kept?.index === ref?.index ? kept : null);

  if (!isOpen || !artifact) return null;
  return (
    <Suspense fallback={null}>
      <ArtifactPanel
        artifact={artifact}
        artifacts={artifacts}
        isGenerating={artifact.messageId === liveMessageId && artifact.isOpenEnded}
        isMessageStreaming={artifact.messageId === liveMessageId}
        layout={isSmallScreen ? 'sheet' : 'docked'}
        canEdit={conversationId !== null}
      />
    </Suspense>
  );
}

/**
 * A reply that writes an artifact opens it (once: closing the panel is respected): as it starts
 * writing it, or, for a reply too fast to be seen streaming (its whole text in one frame, or
 * finished while a new chat moved to its id), once it is in the conversation. What the
 * conversation already held when it was opened (the first messages it showed) opens nothing.
 */
function useAutoOpen(
  sessionKey: string,
  hasMessages: boolean,
  artifacts: readonly Artifact[],
  liveMessageId: string | null,
): void {
  const opened = useRef(new Set<string>());
  const baseline = useRef<{ sessionKey: string; keys: Set<string> } | null>(null);
  const keyOf = (a: Artifact) => `${a.messageId}:${a.index}`;
  const live = liveMessageId ? artifacts.findLast((a) => a.messageId === liveMessageId) : undefined;
  const known = baseline.current?.sessionKey === sessionKey ? baseline.current.keys : null;
  const arrived = known && !liveMessageId ? artifacts.findLast((a) => !known.has(keyOf(a))) : undefined;
  const latest = live ?? arrived;
  const key = latest ? keyOf(latest) : null;
  useEffect(() => {
    if (baseline.current?.sessionKey !== sessionKey && hasMessages) {
      baseline.current = { sessionKey, keys: new Set(artifacts.map(keyOf)) };
    }
    if (!latest || !key || opened.current.has(key)) return;
    opened.current.add(key);
    baseline.current?.keys.add(key);
    openArtifact({ messageId: latest.messageId, index: latest.index });
  }, [sessionKey, hasMessages, artifacts, key, latest]);
}

/** After a reload, the artifact the panel showed in this tab opens again once its message is there. */
function useReopenAfterReload(conversationId: string | null, artifacts: readonly Artifact[]): void {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!conversationId || done.current === conversationId || artifacts.length === 0) return;
    done.current = conversationId;
    const remembered = readRemembered();
    if (remembered?.conversationId !== conversationId) return;
    if (useArtifactPanelStore.getState().isOpen) return;
    if (findArtifact(artifacts, remembered)) {
      openArtifact({ messageId: remembered.messageId, index: remembered.index }, remembered.tab);
    }
  }, [conversationId, artifacts]);
}
