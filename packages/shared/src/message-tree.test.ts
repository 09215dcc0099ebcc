import { describe, expect, it } from 'vitest';
import { NO_PARENT } from './constants.js';
import { buildMessageTree, selectBranch } from './message-tree.js';

const m = (id: string, parent: string, t: number) => ({ messageId: id, parentMessageId: parent, createdAt: new Date(t).toISOString() });

describe('buildMessageTree', () => {
  it('builds the same tree whatever the arrival order', () => {
    const msgs = [m('a', NO_PARENT, 1), m('b', 'a', 2), m('c', 'b', 3), m('c2', 'b', 4)];
    const forward = buildMessageTree(msgs);
    const backward = buildMessageTree([...msgs].reverse());
    expect(JSON.stringify(forward)).toBe(JSON.stringify(backward));
    expect(forward[0]!.children[0]!.children.map((c) => [c.messageId, c.siblingIndex, c.depth])).toEqual([
      ['c', 0, 2],
      ['c2', 1, 2],
    ]);
  });

  it('handles a 10,000-message chain without recursion', () => {
    const msgs = Array.from({ length: 10_000 }, (_, i) => m(`m${i}`, i === 0 ? NO_PARENT : `m${i - 1}`, i));
    const roots = buildMessageTree(msgs.reverse());
    expect(selectBranch(roots)).toHaveLength(10_000);
  });

  it('selects the chosen sibling and defaults to the newest', () => {
    const roots = buildMessageTree([m('a', NO_PARENT, 1), m('b1', 'a', 2), m('b2', 'a', 3), m('c', 'b1', 4)]);
    expect(selectBranch(roots).map((n) => n.messageId)).toEqual(['a', 'b2']);
    expect(selectBranch(roots, { a: 0 }).map((n) => n.messageId)).toEqual(['a', 'b1', 'c']);
  });
});
