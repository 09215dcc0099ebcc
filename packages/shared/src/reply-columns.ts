/** What the column of a reply is read from: LibreChat's `addedConvo` on the stored message. */
interface ColumnInput {
  addedConvo?: boolean | undefined;
}

export interface ReplyColumns<T> {
  /** The replies of the conversation's own model (the header's), in sibling order. */
  first: T[];
  /** The replies of the model the "+" added (stored with `addedConvo`), in sibling order. */
  added: T[];
}

/**
 * The replies of a question sent to two models (LibreChat's multi-conversation), split by the
 * column each answers in. Null unless both columns have one: siblings of one column only are an
 * ordinary fork (regenerated replies), shown one at a time.
 *
 * @example replyColumnsOf([a, { ...b, addedConvo: true }]) // { first: [a], added: [b'] }
 */
export function replyColumnsOf<T extends ColumnInput>(siblings: readonly T[]): ReplyColumns<T> | null {
  if (siblings.length < 2) return null;
  const first: T[] = [];
  const added: T[] = [];
  for (const sibling of siblings) (sibling.addedConvo ? added : first).push(sibling);
  return first.length && added.length ? { first, added } : null;
}

/**
 * The sibling a thread goes on through when none was chosen: the newest, except where a question
 * was sent to two models, the newest of the first column. LibreChat's follow-up answers the
 * conversation's own model's reply; the added model's stays beside it, and a reply regenerated in
 * the added column (the newest sibling then) does not take the thread away from the first.
 * -1 for no siblings.
 */
export function defaultSiblingIndex(siblings: readonly ColumnInput[]): number {
  const last = siblings.length - 1;
  if (last < 1) return last;
  let newestFirst = -1;
  let hasAdded = false;
  for (let i = last; i >= 0; i--) {
    if (siblings[i]?.addedConvo) hasAdded = true;
    else if (newestFirst < 0) newestFirst = i;
    if (hasAdded && newestFirst >= 0) return newestFirst;
  }
  return last;
}
