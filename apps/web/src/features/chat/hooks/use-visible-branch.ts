import { buildMessageTree, selectBranch, type Message, type TreeNode } from '@confab/shared';
import { useEffect, useMemo, useRef } from 'react';
import { countSiblings, reconcileChoices } from '../branches/branch-memory';
import { getBranchChoices, setBranchChoices, useBranchChoices } from '../branches/branch-store';
import { useChatStore } from '../stream/chat-store';
import { mergeSubmission, submissionStructureKey } from '../stream/merge-submission';
import { isActivePhase } from '../stream/submission';
import { addedColumnKey } from '../multi-convo/added-model-store';

const EMPTY: readonly Message[] = [];

export interface VisibleBranch {
  roots: TreeNode<Message>[];
  branch: TreeNode<Message>[];
  /** Ids of messages the server never stored (a send refused before `created`). */
  unsavedIds: ReadonlySet<string>;
}

/**
 * The stored messages with the running submission laid over them, as a tree, and the branch
 * to show: the remembered choice at each fork, else the newest sibling. Re-computed on
 * structural changes only (a send, `created`, `final`), never per streamed token.
 */
export function useVisibleBranch(conversationKey: string, stored: readonly Message[] | undefined): VisibleBranch {
  const addedKey = addedColumnKey(conversationKey);
  const structureKey = useChatStore(
    (s) => submissionStructureKey(s.submissions[conversationKey]) + submissionStructureKey(s.submissions[addedKey]),
  );
  const messages = stored ?? EMPTY;
  const merged = useMemo(
    () => {
      const { submissions } = useChatStore.getState();
      // The added model's column (multi-conversation) lays its reply over the first column's.
      return mergeSubmission(mergeSubmission(messages, submissions[conversationKey]), submissions[addedKey]);
    },
    // structureKey stands for the submission: its tokens do not change the tree.
    [messages, conversationKey, addedKey, structureKey],
  );
  const roots = useMemo(() => buildMessageTree(merged), [merged]);
  const choices = useBranchChoices(conversationKey);
  const branch = useMemo(() => selectBranch(roots, choices), [roots, choices]);

  // SPEC 4: a fork whose sibling count changes shows its newest sibling again.
  const seen = useRef<{ key: string; counts: Map<string, number> } | null>(null);
  useEffect(() => {
    const counts = countSiblings(roots);
    const before = seen.current?.key === conversationKey ? seen.current.counts : null;
    seen.current = { key: conversationKey, counts };
    const current = getBranchChoices(conversationKey);
    const next = reconcileChoices(current, before, counts);
    if (next !== current) setBranchChoices(conversationKey, next);
  }, [roots, conversationKey]);

  const unsavedIds = useMemo(() => {
    const sub = useChatStore.getState().submissions[conversationKey];
    if (!sub || sub.streamId || isActivePhase(sub.phase)) return new Set<string>();
    return new Set([sub.userMessage.messageId, sub.responseMessage.messageId]);
  }, [conversationKey, structureKey]);

  return { roots, branch, unsavedIds };
}
