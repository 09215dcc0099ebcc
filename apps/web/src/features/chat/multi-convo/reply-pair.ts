import { defaultSiblingIndex, replyColumnsOf, type TreeNode } from '@confab/shared';
import { addedReplyChoiceKey, withChoice, type BranchChoices } from '../branches/branch-memory';

interface PairInput {
  messageId: string;
  addedConvo?: boolean | undefined;
}

/** One column of a question sent to two models, as its row shows it. */
export interface ReplyColumn<T extends PairInput> {
  /** The reply shown in the column. */
  node: TreeNode<T>;
  /** Its place among the column's replies, and their number: the column's own "i / n". */
  index: number;
  count: number;
  /** The branch choice that picks the column's reply (its value an index among all the parent's children). */
  choiceKey: string;
  /** The index among the parent's children that the choice shows with no entry. */
  defaultIndex: number;
  /** The index among the parent's children of each of the column's replies. */
  siblingIndexes: number[];
}

function columnOf<T extends PairInput>(
  replies: readonly TreeNode<T>[],
  node: TreeNode<T>,
  choiceKey: string,
  defaultIndex: number,
): ReplyColumn<T> {
  return {
    node,
    index: replies.findIndex((r) => r.messageId === node.messageId),
    count: replies.length,
    choiceKey,
    defaultIndex,
    siblingIndexes: replies.map((r) => r.siblingIndex),
  };
}

/**
 * The two columns of a question sent to two models, where the thread reaches its reply `shown`:
 * the conversation's own model's reply and the added model's side by side (LibreChat keeps the
 * added reply beside the first), each with a sibling switch over its own column's replies.
 * The thread's reply is one of them, normally the first column's (see defaultSiblingIndex); the
 * added column shows the reply chosen there (addedReplyChoiceKey), else its newest. When the
 * thread was led through an added reply (a card or a search hit chosen), the first column shows
 * its newest, and a choice there brings the thread back to it. Null unless `shown`'s siblings
 * are of two columns.
 */
export function replyPairOf<T extends PairInput>(
  shown: TreeNode<T>,
  siblings: readonly TreeNode<T>[],
  choices: BranchChoices,
  parentKey: string,
): [ReplyColumn<T>, ReplyColumn<T>] | null {
  const columns = replyColumnsOf(siblings);
  if (!columns) return null;
  const threadDefault = defaultSiblingIndex(siblings);
  const newestFirst = siblings[threadDefault];
  const newestAdded = columns.added[columns.added.length - 1];
  if (!newestFirst || !newestAdded) return null;
  if (shown.addedConvo) {
    return [
      columnOf(columns.first, newestFirst, parentKey, threadDefault),
      columnOf(columns.added, shown, parentKey, threadDefault),
    ];
  }
  const addedKey = addedReplyChoiceKey(parentKey);
  const picked = choices[addedKey];
  const chosenAdded = picked === undefined ? undefined : columns.added.find((r) => r.siblingIndex === picked);
  return [
    columnOf(columns.first, shown, parentKey, threadDefault),
    columnOf(columns.added, chosenAdded ?? newestAdded, addedKey, newestAdded.siblingIndex),
  ];
}

/** The branch choices with the `position`-th reply of `column` shown in it (out-of-range positions change nothing). */
export function choosingInColumn<T extends PairInput>(
  choices: BranchChoices,
  column: ReplyColumn<T>,
  position: number,
  siblingCount: number,
): BranchChoices {
  const index = column.siblingIndexes[position];
  if (index === undefined) return choices;
  return withChoice(choices, column.choiceKey, index, siblingCount, column.defaultIndex);
}
