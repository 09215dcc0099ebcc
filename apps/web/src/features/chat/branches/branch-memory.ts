import { NO_PARENT, replyColumnsOf, type TreeNode } from '@confab/shared';

/**
 * The chosen sibling at each fork of a conversation, remembered across reloads:
 * localStorage `branches_<conversationId>` holds `{ [parentMessageId]: index }` (roots are
 * keyed by the all-zero id).
 */
export type BranchChoices = Readonly<Record<string, number>>;

export const BRANCH_KEY_PREFIX = 'branches_';

export function branchKey(conversationId: string): string {
  return `${BRANCH_KEY_PREFIX}${conversationId}`;
}

export function parseBranchChoices(raw: string | null | undefined): BranchChoices {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const choices: Record<string, number> = {};
    for (const [parent, index] of Object.entries(value)) {
      if (typeof index === 'number' && Number.isInteger(index) && index >= 0) choices[parent] = index;
    }
    return choices;
  } catch {
    return {};
  }
}

export function loadBranchChoices(conversationId: string): BranchChoices {
  try {
    return parseBranchChoices(globalThis.localStorage?.getItem(branchKey(conversationId)));
  } catch {
    return {};
  }
}

export function saveBranchChoices(conversationId: string, choices: BranchChoices): void {
  try {
    if (Object.keys(choices).length === 0) globalThis.localStorage?.removeItem(branchKey(conversationId));
    else globalThis.localStorage?.setItem(branchKey(conversationId), JSON.stringify(choices));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

/**
 * A choice at a fork. The sibling shown by default needs no entry (the newest, or the first
 * column's newest of a question sent to two models: pass `defaultIndex` then, see
 * defaultSiblingIndex), nor does an index past the end, where the default shows too.
 */
export function withChoice(
  choices: BranchChoices,
  parentKey: string,
  index: number,
  siblingCount: number,
  defaultIndex = siblingCount - 1,
): BranchChoices {
  const next = { ...choices };
  const chosen = Math.max(0, index);
  if (chosen === defaultIndex || chosen >= siblingCount) delete next[parentKey];
  else next[parentKey] = chosen;
  return next;
}

/**
 * The choice of the added model's reply shown beside the thread's, under a question sent to two
 * models (its value an index among the parent's children, as any choice; none: the newest).
 * Named after LibreChat's column ids (`<id>__1`), it never clashes with a message id.
 */
export function addedReplyChoiceKey(parentMessageId: string): string {
  return `${parentMessageId}__1`;
}

/**
 * Number of children of every message that has any, plus the roots under NO_PARENT: the siblings
 * each choice picks among. Under a question sent to two models each column counts its own (the
 * parent's key the first column's replies, addedReplyChoiceKey the added ones'), so that a reply
 * regenerated in one column shows that column's newest and leaves the other as it was chosen.
 */
export function countSiblings<T extends { messageId: string; addedConvo?: boolean | undefined }>(
  roots: readonly TreeNode<T>[],
): Map<string, number> {
  const counts = new Map<string, number>();
  if (roots.length) counts.set(NO_PARENT, roots.length);
  const stack: TreeNode<T>[] = [...roots];
  while (stack.length) {
    const node = stack.pop();
    if (!node) break;
    if (node.children.length) {
      const columns = replyColumnsOf(node.children);
      counts.set(node.messageId, columns ? columns.first.length : node.children.length);
      if (columns) counts.set(addedReplyChoiceKey(node.messageId), columns.added.length);
      for (const child of node.children) stack.push(child);
    }
  }
  return counts;
}

/**
 * SPEC 4: the index resets to the newest when the sibling count changes. Drops the choice of
 * every fork whose count differs from the one seen before (forks not seen before keep theirs,
 * so a remembered choice survives a reload).
 */
export function reconcileChoices(
  choices: BranchChoices,
  before: ReadonlyMap<string, number> | null,
  now: ReadonlyMap<string, number>,
): BranchChoices {
  if (!before) return choices;
  let next: Record<string, number> | null = null;
  for (const parent of Object.keys(choices)) {
    const was = before.get(parent);
    if (was !== undefined && was !== (now.get(parent) ?? 0)) {
      next ??= { ...choices };
      delete next[parent];
    }
  }
  return next ?? choices;
}
