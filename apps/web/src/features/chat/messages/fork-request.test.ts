import { NO_PARENT, type Message } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { buildForkRequest, forkableConversationId, visibleLeafId } from './fork-request';

const CONVO = '11111111-1111-4111-8111-111111111111';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function message(n: number, parent: number | null, minute: number): Message {
  return {
    messageId: id(n),
    parentMessageId: parent === null ? NO_PARENT : id(parent),
    conversationId: CONVO,
    createdAt: `2025-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
    text: `m${n}`,
  } as Message;
}

// 1 → 2 → {3 → 4, 5 → 6}: the edit (5) is newer than 3, so the branch through 5 shows by default.
const tree = [
  message(1, null, 0),
  message(2, 1, 1),
  message(3, 2, 2),
  message(4, 3, 3),
  message(5, 2, 4),
  message(6, 5, 5),
];

describe('visibleLeafId', () => {
  it('is the last message of the newest branch by default', () => {
    expect(visibleLeafId(tree, {})).toBe(id(6));
  });

  it('follows the sibling chosen on screen', () => {
    expect(visibleLeafId(tree, { [id(2)]: 0 })).toBe(id(4));
  });

  it('is null without messages', () => {
    expect(visibleLeafId([], {})).toBeNull();
  });
});

describe('buildForkRequest', () => {
  const base = { conversationId: CONVO, messageId: id(2), option: 'includeBranches' as const };

  it("sends LibreChat's fields, with the latest message when known", () => {
    expect(buildForkRequest({ ...base, splitAtTarget: true, latestMessageId: id(6) })).toEqual({
      ...base,
      splitAtTarget: true,
      latestMessageId: id(6),
    });
  });

  it('splits at the target itself when the latest message is not known', () => {
    expect(buildForkRequest({ ...base, splitAtTarget: true, latestMessageId: null }).latestMessageId).toBe(id(2));
  });

  it('leaves the latest message out when it is not known and not needed', () => {
    expect(buildForkRequest({ ...base, splitAtTarget: false, latestMessageId: null })).not.toHaveProperty(
      'latestMessageId',
    );
  });
});

describe('forkableConversationId', () => {
  it('is the conversation id once the conversation exists, null for a chat not created yet', () => {
    expect(forkableConversationId(CONVO)).toBe(CONVO);
    expect(forkableConversationId('new:abc')).toBeNull();
  });
});
