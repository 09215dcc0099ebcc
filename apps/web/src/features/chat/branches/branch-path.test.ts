import { buildMessageTree, NO_PARENT, selectBranch } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { branchChoicesFor, choicesShowing } from './branch-path';

const m = (id: string, parent: string, t: number) => ({
  messageId: id,
  parentMessageId: parent,
  createdAt: new Date(t).toISOString(),
});

describe('branchChoicesFor', () => {
  const roots = buildMessageTree([
    m('a', NO_PARENT, 1),
    m('b1', 'a', 2),
    m('c1', 'b1', 3),
    m('b2', 'a', 4),
    m('c2', 'b2', 5),
    m('d', 'c1', 6),
    m('d2', 'c1', 7),
  ]);

  it('chooses the older sibling at each fork on the way to the message', () => {
    const choices = branchChoicesFor(roots, 'd');
    expect(choices).toEqual({ a: 0, c1: 0 });
    expect(selectBranch(roots, choices ?? {}).map((n) => n.messageId)).toEqual(['a', 'b1', 'c1', 'd']);
  });

  it('needs no choice where there is no fork', () => {
    expect(branchChoicesFor(roots, 'a')).toEqual({});
    expect(branchChoicesFor(roots, 'c2')).toEqual({ a: 1 });
  });

  it('keys forks among roots by the all-zero id', () => {
    const twoRoots = buildMessageTree([m('r1', NO_PARENT, 1), m('r2', NO_PARENT, 2)]);
    expect(branchChoicesFor(twoRoots, 'r1')).toEqual({ [NO_PARENT]: 0 });
  });

  it('returns null for an unknown message', () => {
    expect(branchChoicesFor(roots, 'zzz')).toBeNull();
  });
});

describe('choicesShowing', () => {
  const roots = buildMessageTree([
    m('a', NO_PARENT, 1),
    m('b1', 'a', 2),
    m('c1', 'b1', 3),
    m('b2', 'a', 4),
    m('c2', 'b2', 5),
    m('d', 'c1', 6),
    m('d2', 'c1', 7),
  ]);

  it('leads the visible branch to the message, keeping unrelated choices', () => {
    const next = choicesShowing(roots, { elsewhere: 2 }, 'd');
    expect(next).toEqual({ elsewhere: 2, a: 0, c1: 0 });
    expect(selectBranch(roots, next ?? {}).map((n) => n.messageId)).toEqual(['a', 'b1', 'c1', 'd']);
  });

  it('stores no entry for a fork where the path takes the newest sibling', () => {
    const next = choicesShowing(roots, { a: 0, c1: 0 }, 'd2');
    expect(next).toEqual({ a: 0 });
    expect(selectBranch(roots, next ?? {}).map((n) => n.messageId)).toEqual(['a', 'b1', 'c1', 'd2']);
    expect(choicesShowing(roots, { a: 0 }, 'c2')).toEqual({});
  });

  it('returns null for an unknown message', () => {
    expect(choicesShowing(roots, {}, 'zzz')).toBeNull();
  });

  it("leads through the added reply of a question sent to two models, whose default is the first column's", () => {
    const paired = buildMessageTree([
      m('q', NO_PARENT, 1),
      m('first', 'q', 2),
      { ...m('added', 'q', 3), addedConvo: true },
    ]);
    expect(choicesShowing(paired, {}, 'added')).toEqual({ q: 1 });
    expect(choicesShowing(paired, { q: 1 }, 'first')).toEqual({});
    expect(selectBranch(paired, {}).map((n) => n.messageId)).toEqual(['q', 'first']);
  });
});
