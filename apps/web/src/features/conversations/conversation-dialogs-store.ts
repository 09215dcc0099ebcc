import type { Conversation } from '@confab/shared';
import { create } from 'zustand';

export type ConversationDialogKind = 'delete' | 'share' | 'bookmark' | 'export';

interface ConversationDialogState {
  kind: ConversationDialogKind | null;
  conversation: Conversation | null;
  open(kind: ConversationDialogKind, conversation: Conversation): void;
  close(): void;
}

/**
 * The dialogs a conversation's menu opens. They live once, above the virtualised list, so a
 * dialog stays open when its row scrolls out of view (and is unmounted).
 */
export const useConversationDialogs = create<ConversationDialogState>()((set) => ({
  kind: null,
  conversation: null,
  open: (kind, conversation) => set({ kind, conversation }),
  close: () => set({ kind: null }),
}));
