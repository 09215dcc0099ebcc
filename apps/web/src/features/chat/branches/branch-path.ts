import { defaultSiblingIndex, NO_PARENT, type TreeNode } from '@confab/shared';
import { withChoice, type BranchChoices } from './branch-memory';

interface TreeInput {
  messageId: string;
  parentMessageId: string | null;
  addedConvo?: boolean | undefined;
}

interface Fork<T extends TreeInput> {
  parentKey: string;
  index: number;
  siblings: readonly TreeNode<T>[];
}

/** The forks on the way from the root down to `messageId`, the deepest first; null when it is not in the tree. */
function forksOnPath<T extends TreeInput>(roots: readonly TreeNode<T>[], messageId: string): Fork<T>[] | null {
  const byId = new Map<string, TreeNode<T>>();
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop() as TreeNode<T>;
    byId.set(node.messageId, node);
    stack.push(...node.children);
  }
  let node = byId.get(messageId);
  if (!node) return null;
  const forks: Fork<T>[] = [];
  while (node) {
    const parent: TreeNode<T> | undefined =
      node.parentMessageId && node.parentMessageId !== NO_PARENT ? byId.get(node.parentMessageId) : undefined;
    const siblings = parent ? parent.children : roots;
    if (siblings.length > 1)
      forks.push({ parentKey: parent ? parent.messageId : NO_PARENT, index: node.siblingIndex, siblings });
    node = parent;
  }
  return forks;
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
  const forks = forksOnPath(roots, messageId);
  if (!forks) return null;
  const choices: Record<string, number> = {};
  for (const { parentKey, index } of forks) choices[parentKey] = index;
  return choices;
}

/**
 * The remembered choices updated so that the visible branch runs through `messageId`: the
 * forks on its path are set, the others kept. A path through the sibling shown by default (the
 * newest, see defaultSiblingIndex) needs no entry (as with a choice by hand), so a later
 * regenerate there still shows its newest reply.
 * Null when the message is not in the tree.
 */
export function choicesShowing<T extends TreeInput>(
  roots: readonly TreeNode<T>[],
  current: BranchChoices,
  messageId: string,
): BranchChoices | null {
  const forks = forksOnPath(roots, messageId);
  if (!forks) return null;
  let next = current;
  for (const { parentKey, index, siblings } of forks) {
    next = withChoice(next, parentKey, index, siblings.length, defaultSiblingIndex(siblings));
  }
  return next;
}
