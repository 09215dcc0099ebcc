import { describe, expect, it } from 'vitest';
import { NO_PARENT } from './constants.js';
import { buildMessageTree, selectBranch } from './message-tree.js';
import { defaultSiblingIndex, replyColumnsOf } from './reply-columns.js';

const reply = (id: string, addedConvo?: true) => ({ messageId: id, ...(addedConvo ? { addedConvo } : {}) });

describe('replyColumnsOf', () => {
  it('splits the replies of a question sent to two models by column, each in sibling order', () => {
    const columns = replyColumnsOf([reply('a'), reply('b', true), reply('a2'), reply('b2', true)]);
    expect(columns?.first.map((r) => r.messageId)).toEqual(['a', 'a2']);
    expect(columns?.added.map((r) => r.messageId)).toEqual(['b', 'b2']);
  });

  it('is null for a fork of one column only, or no fork', () => {
    expect(replyColumnsOf([reply('a'), reply('a2')])).toBeNull();
    expect(replyColumnsOf([reply('b', true), reply('b2', true)])).toBeNull();
    expect(replyColumnsOf([reply('a')])).toBeNull();
    expect(replyColumnsOf([])).toBeNull();
  });
});

describe('defaultSiblingIndex', () => {
  it('is the newest sibling of an ordinary fork', () => {
    expect(defaultSiblingIndex([reply('a'), reply('a2')])).toBe(1);
    expect(defaultSiblingIndex([reply('b', true), reply('b2', true)])).toBe(1);
    expect(defaultSiblingIndex([reply('a')])).toBe(0);
    expect(defaultSiblingIndex([])).toBe(-1);
  });

  it("is the first column's newest where a question was sent to two models", () => {
    expect(defaultSiblingIndex([reply('a'), reply('b', true)])).toBe(0);
    expect(defaultSiblingIndex([reply('a'), reply('b', true), reply('a2'), reply('b2', true)])).toBe(2);
    expect(defaultSiblingIndex([reply('b', true), reply('a')])).toBe(1);
  });
});

describe('selectBranch with a question sent to two models', () => {
  const at = (t: number) => new Date(t).toISOString();
  const messages = [
    { messageId: 'q', parentMessageId: NO_PARENT, createdAt: at(1) },
    { messageId: 'first', parentMessageId: 'q', createdAt: at(2) },
    { messageId: 'added', parentMessageId: 'q', createdAt: at(3), addedConvo: true },
    { messageId: 'follow-up', parentMessageId: 'first', createdAt: at(4) },
    // The added column regenerated later: the newest sibling, yet not on the thread.
    { messageId: 'added-again', parentMessageId: 'q', createdAt: at(5), addedConvo: true },
  ];

  it("goes on through the first column's reply unless another is chosen", () => {
    const roots = buildMessageTree(messages);
    expect(selectBranch(roots).map((n) => n.messageId)).toEqual(['q', 'first', 'follow-up']);
    expect(selectBranch(roots, { q: 2 }).map((n) => n.messageId)).toEqual(['q', 'added-again']);
  });
});
