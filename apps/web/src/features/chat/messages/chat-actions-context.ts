import type { Message } from '@confab/shared';
import { createContext, useContext } from 'react';

/** What a message row can ask of the chat page. One stable object, so rows stay memoised. */
export interface ChatActions {
  conversationKey: string;
  regenerate(message: Message): void;
  continueReply(message: Message): void;
  /** Save-only (PUT) or save-and-submit (a new sibling, or a re-generated reply). */
  saveEdit(message: Message, text: string, submit: boolean): Promise<boolean>;
  selectSibling(parentKey: string, index: number, count: number): void;
  startEditing(messageId: string | null): void;
}

export const ChatActionsContext = createContext<ChatActions | null>(null);

export function useChatActions(): ChatActions {
  const actions = useContext(ChatActionsContext);
  if (!actions) throw new Error('useChatActions needs ChatActionsContext');
  return actions;
}
