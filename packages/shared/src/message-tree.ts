import { NO_PARENT } from './constants.js';

interface TreeInput {
  messageId: string;
  parentMessageId: string | null;
  createdAt?: string;
}

export type TreeNode<T> = T & { children: TreeNode<T>[]; depth: number; siblingIndex: number };

/**
 * Builds the message tree in two passes, so the order in which messages arrive (children
 * before parents included) never matters. Orphans whose parent is missing become roots.
 * Siblings are ordered by creation time, then id, for a stable "i / n".
 */
export function buildMessageTree<T extends TreeInput>(messages: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const m of messages) {
    if (!nodes.has(m.messageId)) nodes.set(m.messageId, { ...m, children: [], depth: 0, siblingIndex: 0 });
  }
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentMessageId && node.parentMessageId !== NO_PARENT ? nodes.get(node.parentMessageId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const byTime = (a: TreeNode<T>, b: TreeNode<T>) =>
    (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.messageId.localeCompare(b.messageId);
  // Iterative walk: a 10,000-message chain would overflow the stack recursively.
  const stack: { list: TreeNode<T>[]; depth: number }[] = [{ list: roots, depth: 0 }];
  while (stack.length) {
    const { list, depth } = stack.pop()!;
    list.sort(byTime);
    list.forEach((node, i) => {
      node.depth = depth;
      node.siblingIndex = i;
      if (node.children.length) stack.push({ list: node.children, depth: depth + 1 });
    });
  }
  return roots;
}

/**
 * The visible thread: from the roots, follow the chosen sibling at each fork (default: the
 * newest), returning the path of messages to render.
 */
export function selectBranch<T extends TreeInput>(
  roots: TreeNode<T>[],
  chosen: Readonly<Record<string, number>> = {},
  rootKey = NO_PARENT,
): TreeNode<T>[] {
  const path: TreeNode<T>[] = [];
  let level = roots;
  let parentKey = rootKey;
  while (level.length) {
    const pick = chosen[parentKey];
    const index = pick !== undefined && pick >= 0 && pick < level.length ? pick : level.length - 1;
    const node = level[index]!;
    path.push(node);
    parentKey = node.messageId;
    level = node.children;
  }
  return path;
}
