import { useEffect, useRef } from 'react';
import { setComposerText, useComposerStore } from '../input/composer-store';
import { useChatStore } from '../stream/chat-store';
import type { Submission } from '../stream/submission';

/** A send the server never took: it failed before anything was stored (no stream, or refused). */
export function isRefusedSend(sub: Submission | undefined): sub is Submission {
  return !!sub && sub.kind === 'send' && sub.phase === 'error' && sub.streamId === null;
}

/**
 * Gives the text of a refused send back to the empty input: the message on screen with its error
 * is not stored, so without this a reload lost it, and the input (a draft again) keeps it.
 */
export function useReturnRefusedText(conversationKey: string): void {
  const refused = useChatStore((s) => {
    const sub = s.submissions[conversationKey];
    return isRefusedSend(sub) ? sub : null;
  });
  const returned = useRef<string | null>(null);
  useEffect(() => {
    if (!refused || returned.current === refused.userMessage.messageId) return;
    returned.current = refused.userMessage.messageId;
    if (!useComposerStore.getState().text.trim()) setComposerText(refused.userMessage.text);
  }, [refused]);
}
