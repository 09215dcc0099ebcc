import { NO_PARENT, type TreeNode } from '@confab/shared';
import { countSiblings, withChoice, type BranchChoices } from './branch-memory';

interface TreeInput {
  messageId: string;
  parentMessageId: string | null;
}

/**
 * The sibling choices that make `messageId` part of the visible branch: for each fork on the
 * way from the root down to it, `{ [parentKey]: siblingIndex }` (roots keyed by the all-zero
 * id, as the chat's branch memory keys them). Null when the message is not in the tree.
 */
export function branchChoicesFor<T extends TreeInput>(
  roots: readonly TreeNode<T>[],
  messageId: string,
): Record<string, number> | null {
  const byId = new Map<string, TreeNode<T>>();
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop() as TreeNode<T>;
    byId.set(node.messageId, node);
    stack.push(...node.children);
  }
  let node = byId.get(messageId);
  if (!node) return null;
  const choices: Record<string, number> = {};
  while (node) {
    const parent: TreeNode<T> | undefined =
      node.parentMessageId && node.parentMessageId !== NO_PARENT ? byId.get(node.parentMessageId) : undefined;
    const siblings = parent ? parent.children : roots;
    if (siblings.length > 1) choices[parent ? parent.messageId : NO_PARENT] = node.siblingIndex;
    node = parent;
  }
  return choices;
}

/**
 * The remembered choices updated so that the visible branch runs through `messageId`: the
 * forks on its path are set, the others kept. A path through the newest sibling needs no entry
 * (as with a choice by hand), so a later regenerate there still shows its newest reply.
 * Null when the message is not in the tree.
 */
export function choicesShowing<T extends TreeInput>(
  roots: readonly TreeNode<T>[],
  current: BranchChoices,
  messageId: string,
): BranchChoices | null {
  const path = branchChoicesFor(roots, messageId);
  if (!path) return null;
  const counts = countSiblings(roots);
  let next = current;
  for (const [parentKey, index] of Object.entries(path)) {
    next = withChoice(next, parentKey, index, counts.get(parentKey) ?? 0);
  }
  return next;
}
