import { NO_PARENT, type Message } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { anonymizeMessages, anonymousId } from './anonymize-share.js';

const message = (messageId: string, parentMessageId: string): Message => ({
  messageId,
  parentMessageId,
  conversationId: 'real-convo',
  sender: 'User',
  text: 'hi',
  isCreatedByUser: true,
  model: null,
  endpoint: 'openAI',
  error: false,
  unfinished: false,
  usage: { promptTokens: 1, completionTokens: 2 },
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

describe('anonymizeMessages', () => {
  const messages = [message('a', NO_PARENT), message('b', 'a'), message('c', 'b')];

  it('replaces every id consistently so the tree still links', () => {
    const out = anonymizeMessages('share1', 'real-convo', messages);
    expect(out[0]!.parentMessageId).toBe(NO_PARENT);
    expect(out[1]!.parentMessageId).toBe(out[0]!.messageId);
    expect(out[2]!.parentMessageId).toBe(out[1]!.messageId);
    expect(new Set(out.map((m) => m.conversationId))).toEqual(new Set([anonymousId('convo', 'share1', 'real-convo')]));
    expect(JSON.stringify(out)).not.toMatch(/real-convo|"a"|"b"|"c"/);
    expect(out[0]).not.toHaveProperty('usage');
  });

  it('keeps a search’s sources, under the stand-in ids', () => {
    const search = {
      type: 'web_search' as const,
      messageId: 'c',
      toolCallId: 'call_1',
      conversationId: 'real-convo',
      web_search: { turn: 0, query: 'q', organic: [{ index: 1, title: 'T', link: 'https://example.com/', attribution: 'example.com', snippet: '', read: true }], errors: [] },
    };
    const [out] = anonymizeMessages('share1', 'real-convo', [{ ...message('c', NO_PARENT), attachments: [search] }]);
    expect(out!.attachments).toEqual([{ ...search, messageId: out!.messageId, conversationId: out!.conversationId }]);
    expect(JSON.stringify(out)).not.toMatch(/real-convo|"c"/);
  });

  it('is stable for one share and different across shares', () => {
    expect(anonymizeMessages('share1', 'real-convo', messages)).toEqual(anonymizeMessages('share1', 'real-convo', messages));
    expect(anonymousId('msg', 'share1', 'a')).not.toBe(anonymousId('msg', 'share2', 'a'));
    expect(anonymousId('msg', 'share1', 'a')).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
  });
});
