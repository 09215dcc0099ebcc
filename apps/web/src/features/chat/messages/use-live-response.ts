import type { Message } from '@confab/shared';
import { addedColumnKey } from '../multi-convo/added-model-store';
import { useChatStore, type ChatStoreState } from '../stream/chat-store';
import { isActivePhase } from '../stream/submission';

/**
 * The live reply of a running submission, when `messageId` is it; null otherwise. Only the
 * streaming row subscribes to every token; the others see `null` and do not re-render.
 */
export function useLiveResponse(
  conversationKey: string,
  messageId: string,
): { message: Message; isStreaming: boolean } | null {
  // The added model's column (multi-conversation) streams under its own key.
  const subOf = (s: ChatStoreState) => {
    const sub = s.submissions[conversationKey];
    return sub?.responseMessage.messageId === messageId ? sub : s.submissions[addedColumnKey(conversationKey)];
  };
  const message = useChatStore((s) => {
    const sub = subOf(s);
    return sub && sub.responseMessage.messageId === messageId ? sub.responseMessage : null;
  });
  const isStreaming = useChatStore((s) => {
    const sub = subOf(s);
    return !!sub && sub.responseMessage.messageId === messageId && isActivePhase(sub.phase);
  });
  return message ? { message, isStreaming } : null;
}

/** True while a reply is being generated in this conversation. */
export function useIsSubmitting(conversationKey: string): boolean {
  return useChatStore((s) => {
    const sub = s.submissions[conversationKey];
    return !!sub && isActivePhase(sub.phase);
  });
}
