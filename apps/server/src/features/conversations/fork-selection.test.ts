import { NO_PARENT } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { messageDepths, selectForkMessages, splitAtTargetLevel } from './fork-selection.js';

/**
 *            r1          r2 (a second root)
 *          /    \
 *        a1      a2
 *       /  \       \
 *     b1    b2      b3
 *     |
 *     c1
 */
const tree = [
  ['r1', NO_PARENT], ['r2', NO_PARENT],
  ['a1', 'r1'], ['a2', 'r1'],
  ['b1', 'a1'], ['b2', 'a1'], ['b3', 'a2'],
  ['c1', 'b1'],
].map(([messageId, parentMessageId]) => ({ messageId: messageId!, parentMessageId: parentMessageId! }));
const ids = (list: { messageId: string }[]) => list.map((m) => m.messageId);

describe('messageDepths', () => {
  it('measures depth from the roots, orphans counting as roots, cycles left out', () => {
    const depths = messageDepths([...tree, { messageId: 'o1', parentMessageId: 'missing' }, { messageId: 'x', parentMessageId: 'y' }, { messageId: 'y', parentMessageId: 'x' }]);
    expect(Object.fromEntries(depths)).toEqual({ r1: 0, r2: 0, o1: 0, a1: 1, a2: 1, b1: 2, b2: 2, b3: 2, c1: 3 });
  });
});

describe('selectForkMessages', () => {
  it('directPath: only the path from the root to the target', () => {
    expect(ids(selectForkMessages(tree, 'b1', 'directPath'))).toEqual(['r1', 'a1', 'b1']);
  });

  it('includeBranches: the path and the siblings along it, nothing below the target', () => {
    expect(ids(selectForkMessages(tree, 'b1', 'includeBranches'))).toEqual(['r1', 'r2', 'a1', 'a2', 'b1', 'b2']);
  });

  it('targetLevel: every branch down to the target depth', () => {
    expect(ids(selectForkMessages(tree, 'a2', 'targetLevel'))).toEqual(['r1', 'r2', 'a1', 'a2']);
    expect(ids(selectForkMessages(tree, 'b2', 'targetLevel'))).toEqual(['r1', 'r2', 'a1', 'a2', 'b1', 'b2', 'b3']);
  });

  it('a root target keeps just the roots (targetLevel) or itself (directPath)', () => {
    expect(ids(selectForkMessages(tree, 'r1', 'targetLevel'))).toEqual(['r1', 'r2']);
    expect(ids(selectForkMessages(tree, 'r1', 'directPath'))).toEqual(['r1']);
  });

  it('returns nothing for an unknown target', () => {
    expect(selectForkMessages(tree, 'nope', 'directPath')).toEqual([]);
    expect(selectForkMessages(tree, 'nope', 'targetLevel')).toEqual([]);
  });

  it('survives a parent cycle and a 10,000-message chain', () => {
    const cycle = [{ messageId: 'x', parentMessageId: 'y' }, { messageId: 'y', parentMessageId: 'x' }];
    expect(ids(selectForkMessages(cycle, 'x', 'directPath'))).toEqual(['x', 'y']);
    const chain = Array.from({ length: 10_000 }, (_, i) => ({ messageId: `m${i}`, parentMessageId: i === 0 ? NO_PARENT : `m${i - 1}` }));
    expect(selectForkMessages(chain, 'm9999', 'directPath')).toHaveLength(10_000);
    expect(selectForkMessages(chain, 'm4999', 'targetLevel')).toHaveLength(5_000);
  });
});

describe('splitAtTargetLevel', () => {
  it('keeps the target level and below on every branch, the target level becoming roots', () => {
    const split = splitAtTargetLevel(tree, 'a1');
    expect(split.map((m) => [m.messageId, m.parentMessageId])).toEqual([
      ['a1', NO_PARENT], ['a2', NO_PARENT], ['b1', 'a1'], ['b2', 'a1'], ['b3', 'a2'], ['c1', 'b1'],
    ]);
    expect(ids(selectForkMessages(split, 'c1', 'directPath'))).toEqual(['a1', 'b1', 'c1']);
  });
});
