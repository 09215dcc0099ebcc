import type { Message, TreeNode } from '@confab/shared';
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { choicesShowing } from '../branches/branch-path';
import { getBranchChoices, setBranchChoices } from '../branches/branch-store';
import type { MessageListHandle } from '../messages/message-list';

export const FOCUS_MESSAGE_PARAM = 'messageId';

/**
 * `/c/{id}?messageId=…`, the link of a search result: once the messages are loaded, shows the
 * branch that holds the message, has the list scroll to it and tint it briefly, then drops the
 * parameter from the URL (keeping the rest of the query and the history state). A message
 * that is not in the conversation only drops the parameter.
 */
export function useFocusMessageParam({
  conversationKey,
  roots,
  branch,
  isReady,
  listRef,
}: {
  conversationKey: string;
  roots: readonly TreeNode<Message>[];
  branch: readonly TreeNode<Message>[];
  /** The conversation's messages are loaded and the list shows them. */
  isReady: boolean;
  listRef: RefObject<MessageListHandle | null>;
}): void {
  const location = useLocation();
  const navigate = useNavigate();
  const messageId = new URLSearchParams(location.search).get(FOCUS_MESSAGE_PARAM);
  const handled = useRef<string | null>(null);
  const choiceSetFor = useRef<string | null>(null);

  useEffect(() => {
    if (!messageId || !isReady) return;
    const key = `${location.key}:${messageId}`;
    if (handled.current === key) return;

    if (!branch.some((node) => node.messageId === messageId) && choiceSetFor.current !== key) {
      const current = getBranchChoices(conversationKey);
      const next = choicesShowing(roots, current, messageId);
      if (next && next !== current) {
        // The branch follows on the next render, and this effect runs again to scroll.
        choiceSetFor.current = key;
        setBranchChoices(conversationKey, next);
        return;
      }
    }
    handled.current = key;
    listRef.current?.scrollToMessage(messageId);

    const params = new URLSearchParams(location.search);
    params.delete(FOCUS_MESSAGE_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [messageId, isReady, branch, roots, conversationKey, listRef, location, navigate]);
}
