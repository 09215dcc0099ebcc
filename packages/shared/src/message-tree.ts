import { NO_PARENT } from './constants.js';
import { defaultSiblingIndex } from './reply-columns.js';

interface TreeInput {
  messageId: string;
  parentMessageId: string | null;
  createdAt?: string;
  addedConvo?: boolean | undefined;
}

export type TreeNode<T> = T & { children: TreeNode<T>[]; depth: number; siblingIndex: number };

/**
 * The children of every node that has none, shared (frozen: nothing may add to it); a node's own
 * array is made for its first child.
 */
const NO_CHILDREN = Object.freeze([]) as unknown as never[];

/**
 * Builds the message tree in two passes, so the order in which messages arrive (children
 * before parents included) never matters. Orphans whose parent is missing become roots.
 * Siblings are ordered by creation time, then id, for a stable "i / n".
 * Linear and light on allocation (a 10,000-message chat opens through it): one copy per message,
 * a children array only for a node that has children, one stack of nodes for the walk.
 */
export function buildMessageTree<T extends TreeInput>(messages: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const m of messages) {
    if (nodes.has(m.messageId)) continue;
    // Object.assign, then the three fields: V8 copies that in its fast path. `{ ...m, children, ... }`
    // does not: 50-120 ms for 10,000 messages in Node on this machine, against 4-25 ms.
    const node = Object.assign({}, m) as TreeNode<T>;
    node.children = NO_CHILDREN;
    node.depth = 0;
    node.siblingIndex = 0;
    nodes.set(m.messageId, node);
  }
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent =
      node.parentMessageId && node.parentMessageId !== NO_PARENT ? nodes.get(node.parentMessageId) : undefined;
    if (!parent || parent === node) roots.push(node);
    else if (parent.children === NO_CHILDREN) parent.children = [node];
    else parent.children.push(node);
  }
  // Iterative walk: a 10,000-message chain would overflow the stack recursively.
  placeSiblings(roots, 0);
  const stack: TreeNode<T>[] = [...roots];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { children } = node;
    if (!children.length) continue;
    placeSiblings(children, node.depth + 1);
    for (const child of children) stack.push(child);
  }
  return roots;
}

function placeSiblings<T extends TreeInput>(list: TreeNode<T>[], depth: number): void {
  if (list.length > 1) list.sort(byTime);
  for (let i = 0; i < list.length; i++) {
    list[i]!.depth = depth;
    list[i]!.siblingIndex = i;
  }
}

function byTime(a: TreeInput, b: TreeInput): number {
  return (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.messageId.localeCompare(b.messageId);
}

/**
 * The visible thread: from the roots, follow the chosen sibling at each fork (default: the
 * newest; of a question sent to two models, the first column's newest, see defaultSiblingIndex),
 * returning the path of messages to render.
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
    const index = pick !== undefined && pick >= 0 && pick < level.length ? pick : defaultSiblingIndex(level);
    const node = level[index]!;
    path.push(node);
    parentKey = node.messageId;
    level = node.children;
  }
  return path;
}
