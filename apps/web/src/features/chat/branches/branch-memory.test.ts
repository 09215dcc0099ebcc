import { buildMessageTree, NO_PARENT, selectBranch } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { addedReplyChoiceKey, countSiblings, parseBranchChoices, reconcileChoices, withChoice } from './branch-memory';

const at = (n: number) => `2025-01-01T00:00:${String(n).padStart(2, '0')}.000Z`;
const msgs = [
  { messageId: 'u1', parentMessageId: NO_PARENT, createdAt: at(1) },
  { messageId: 'a1', parentMessageId: 'u1', createdAt: at(2) },
  { messageId: 'a2', parentMessageId: 'u1', createdAt: at(3) },
  { messageId: 'u2', parentMessageId: 'a1', createdAt: at(4) },
];

describe('branch memory', () => {
  it('parses only well-formed choices', () => {
    expect(parseBranchChoices('{"a":1,"b":-1,"c":"x","d":2.5}')).toEqual({ a: 1 });
    expect(parseBranchChoices('nope')).toEqual({});
    expect(parseBranchChoices(null)).toEqual({});
  });

  it('stores a choice, and no entry for the newest (the default)', () => {
    expect(withChoice({}, 'u1', 0, 2)).toEqual({ u1: 0 });
    expect(withChoice({ u1: 0 }, 'u1', 1, 2)).toEqual({});
  });

  it("stores no entry for the default of a question sent to two models: the first column's newest", () => {
    // Siblings [first, added]: the default is 0, so choosing 1 (the added reply, newest) is stored.
    expect(withChoice({}, 'u1', 1, 2, 0)).toEqual({ u1: 1 });
    expect(withChoice({ u1: 1 }, 'u1', 0, 2, 0)).toEqual({});
    expect(withChoice({ u1: 1 }, 'u1', 5, 2, 0)).toEqual({});
  });

  it('counts each column of a question sent to two models on its own', () => {
    const paired = [
      ...msgs,
      { messageId: 'b1', parentMessageId: 'u1', createdAt: at(5), addedConvo: true },
      { messageId: 'b2', parentMessageId: 'u1', createdAt: at(6), addedConvo: true },
    ];
    const counts = countSiblings(buildMessageTree(paired));
    expect(counts.get('u1')).toBe(2);
    expect(counts.get(addedReplyChoiceKey('u1'))).toBe(2);
    expect(countSiblings(buildMessageTree(msgs)).has(addedReplyChoiceKey('u1'))).toBe(false);
    // A reply regenerated in the added column shows the newest there again; the first column's
    // choice stays.
    const after = countSiblings(
      buildMessageTree([...paired, { messageId: 'b3', parentMessageId: 'u1', createdAt: at(7), addedConvo: true }]),
    );
    expect(reconcileChoices({ [addedReplyChoiceKey('u1')]: 4, u1: 0 }, counts, after)).toEqual({ u1: 0 });
  });

  it('selects the remembered branch', () => {
    const roots = buildMessageTree(msgs);
    expect(selectBranch(roots, {}).map((m) => m.messageId)).toEqual(['u1', 'a2']);
    expect(selectBranch(roots, { u1: 0 }).map((m) => m.messageId)).toEqual(['u1', 'a1', 'u2']);
  });

  it('resets a fork to the newest when its sibling count changes, keeps others', () => {
    const before = countSiblings(buildMessageTree(msgs));
    expect(before.get('u1')).toBe(2);
    const after = countSiblings(
      buildMessageTree([...msgs, { messageId: 'a3', parentMessageId: 'u1', createdAt: at(5) }]),
    );
    expect(reconcileChoices({ u1: 0, a1: 0 }, before, after)).toEqual({ a1: 0 });
    const same = { u1: 0 };
    expect(reconcileChoices(same, before, before)).toBe(same);
    expect(reconcileChoices(same, null, after)).toBe(same);
  });
});
