import { create } from 'zustand';
import type { ArtifactRef } from './conversation-artifacts';

export type ArtifactTab = 'preview' | 'code';

interface ArtifactPanelState {
  /** The artifact shown, by place (its title, and so its id, may still change while it streams). */
  ref: ArtifactRef | null;
  isOpen: boolean;
  tab: ArtifactTab;
  /** Bumped by the Refresh button: the frame reloads from scratch. */
  refreshKey: number;
}

const CLOSED: ArtifactPanelState = { ref: null, isOpen: false, tab: 'preview', refreshKey: 0 };

/**
 * The side panel of artifacts: which one it shows and how. One panel at a time: the page that
 * hosts it (the chat, a shared page) resets it when it leaves its conversation.
 */
export const useArtifactPanelStore = create<ArtifactPanelState>()(() => CLOSED);

/** Opens the panel on an artifact, on its preview unless a tab is asked for. */
export function openArtifact(ref: ArtifactRef, tab: ArtifactTab = 'preview'): void {
  useArtifactPanelStore.setState((s) => ({ ref, isOpen: true, tab, refreshKey: s.refreshKey }));
}

/** Shows another artifact (a version) in the open panel, on the same tab. */
export function selectArtifact(ref: ArtifactRef): void {
  useArtifactPanelStore.setState({ ref });
}

export function setArtifactTab(tab: ArtifactTab): void {
  useArtifactPanelStore.setState({ tab });
}

export function refreshArtifact(): void {
  useArtifactPanelStore.setState((s) => ({ refreshKey: s.refreshKey + 1 }));
}

export function closeArtifactPanel(): void {
  useArtifactPanelStore.setState({ isOpen: false });
}

export function resetArtifactPanel(): void {
  useArtifactPanelStore.setState(CLOSED);
}

/** Whether the panel shows this artifact now (its card is marked). */
export function useIsArtifactShown(ref: ArtifactRef): boolean {
  return useArtifactPanelStore((s) => s.isOpen && s.ref?.messageId === ref.messageId && s.ref.index === ref.index);
}
