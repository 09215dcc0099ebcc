import { buildMessageTree, NO_PARENT, selectBranch, type TreeNode } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { addedReplyChoiceKey } from '../branches/branch-memory';
import { choosingInColumn, replyPairOf } from './reply-pair';

interface Msg {
  messageId: string;
  parentMessageId: string;
  createdAt: string;
  addedConvo?: boolean;
}
const at = (n: number) => new Date(n * 1000).toISOString();
const msg = (messageId: string, parentMessageId: string, n: number, addedConvo?: true): Msg => ({
  messageId,
  parentMessageId,
  createdAt: at(n),
  ...(addedConvo ? { addedConvo } : {}),
});

/** A question sent to two models: the first column answered twice, the added column twice. */
const roots = buildMessageTree([
  msg('q', NO_PARENT, 1),
  msg('a1', 'q', 2),
  msg('b1', 'q', 3, true),
  msg('a2', 'q', 4),
  msg('b2', 'q', 5, true),
]);
const question = roots[0] as TreeNode<Msg>;
const byId = (id: string) => question.children.find((c) => c.messageId === id) as TreeNode<Msg>;
const shownIds = (pair: ReturnType<typeof replyPairOf<Msg>>) => pair?.map((c) => c.node.messageId);

describe('replyPairOf', () => {
  it("shows the thread's first-column reply beside the added column's newest, each with its own i / n", () => {
    const [thread] = selectBranch(roots).slice(1);
    expect(thread?.messageId).toBe('a2');
    const pair = replyPairOf(byId('a2'), question.children, {}, 'q');
    expect(shownIds(pair)).toEqual(['a2', 'b2']);
    expect(pair?.map((c) => [c.index, c.count])).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(pair?.map((c) => c.choiceKey)).toEqual(['q', addedReplyChoiceKey('q')]);
  });

  it('shows the added reply chosen in its column, and the first one the thread goes through', () => {
    const pair = replyPairOf(byId('a1'), question.children, { q: 0, [addedReplyChoiceKey('q')]: 1 }, 'q');
    expect(shownIds(pair)).toEqual(['a1', 'b1']);
    expect(pair?.map((c) => c.index)).toEqual([0, 0]);
  });

  it('ignores an added choice that no longer names an added reply', () => {
    expect(shownIds(replyPairOf(byId('a2'), question.children, { [addedReplyChoiceKey('q')]: 0 }, 'q'))).toEqual([
      'a2',
      'b2',
    ]);
  });

  it('keeps an added reply the thread was led through in its own column', () => {
    const pair = replyPairOf(byId('b1'), question.children, { q: 1 }, 'q');
    expect(shownIds(pair)).toEqual(['a2', 'b1']);
    expect(pair?.map((c) => c.choiceKey)).toEqual(['q', 'q']);
  });

  it('is null for an ordinary fork', () => {
    const plain = buildMessageTree([msg('q', NO_PARENT, 1), msg('a1', 'q', 2), msg('a2', 'q', 3)])[0] as TreeNode<Msg>;
    expect(replyPairOf(plain.children[1] as TreeNode<Msg>, plain.children, {}, 'q')).toBeNull();
  });
});

describe('choosingInColumn', () => {
  it("chooses among the column's own replies, with no entry for its default", () => {
    const [first, added] = replyPairOf(byId('a2'), question.children, {}, 'q') ?? [];
    if (!first || !added) throw new Error('a pair');
    expect(choosingInColumn({}, first, 0, 4)).toEqual({ q: 0 });
    expect(choosingInColumn({ q: 0 }, first, 1, 4)).toEqual({});
    expect(choosingInColumn({}, added, 0, 4)).toEqual({ [addedReplyChoiceKey('q')]: 1 });
    expect(choosingInColumn({ [addedReplyChoiceKey('q')]: 1 }, added, 1, 4)).toEqual({});
    expect(choosingInColumn({ x: 1 }, added, 7, 4)).toEqual({ x: 1 });
  });

  it('brings the thread back to the first column from an added reply it was led through', () => {
    const [first] = replyPairOf(byId('b1'), question.children, { q: 1 }, 'q') ?? [];
    if (!first) throw new Error('a pair');
    const next = choosingInColumn({ q: 1 }, first, 1, 4);
    expect(next).toEqual({});
    expect(selectBranch(roots, next).map((n) => n.messageId)).toEqual(['q', 'a2']);
  });
});
