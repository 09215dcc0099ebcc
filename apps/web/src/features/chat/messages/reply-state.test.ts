import type { Message } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { canContinueReply, replyEndingOf } from './reply-state';
import { thoughtDurationText } from './thought-duration';

const reply = (fields: Partial<Message>) => ({ isCreatedByUser: false, error: false, unfinished: false, ...fields });

describe('replyEndingOf', () => {
  it('names a stop, the length limit and the content filter; nothing for a reply that ended on its own', () => {
    expect(replyEndingOf(reply({ finish_reason: 'incomplete' }))).toBe('stopped');
    expect(replyEndingOf(reply({ finish_reason: 'length' }))).toBe('cut_at_length');
    expect(replyEndingOf(reply({ finish_reason: 'content_filter' }))).toBe('cut_by_filter');
    expect(replyEndingOf(reply({ finish_reason: 'stop' }))).toBeNull();
    expect(replyEndingOf(reply({ finish_reason: null }))).toBeNull();
  });

  it('leaves a failed reply to its error and an unfinished one to its notice', () => {
    expect(replyEndingOf(reply({ finish_reason: 'incomplete', error: true }))).toBeNull();
    expect(replyEndingOf(reply({ finish_reason: 'length', unfinished: true }))).toBeNull();
  });
});

describe('canContinueReply', () => {
  it('only the latest reply, not ended on its own, with nothing running', () => {
    expect(canContinueReply(reply({ finish_reason: 'incomplete' }), true, false)).toBe(true);
    expect(canContinueReply(reply({ finish_reason: 'length' }), true, false)).toBe(true);
    expect(canContinueReply(reply({ finish_reason: 'length' }), false, false)).toBe(false);
    expect(canContinueReply(reply({ finish_reason: 'length' }), true, true)).toBe(false);
    expect(canContinueReply(reply({ finish_reason: 'stop' }), true, false)).toBe(false);
    expect(canContinueReply(reply({ finish_reason: 'error', error: true }), true, false)).toBe(false);
    expect(canContinueReply(reply({ finish_reason: null, unfinished: true }), true, false)).toBe(false);
  });
});

describe('thoughtDurationText', () => {
  it('whole seconds, minutes past a minute, and "less than a second" rather than 0 s', () => {
    expect(thoughtDurationText(120)).toEqual({ key: 'message.thought_briefly' });
    expect(thoughtDurationText(600)).toEqual({ key: 'message.thought_for_seconds', values: { seconds: 1 } });
    expect(thoughtDurationText(4_400)).toEqual({ key: 'message.thought_for_seconds', values: { seconds: 4 } });
    expect(thoughtDurationText(125_000)).toEqual({
      key: 'message.thought_for_minutes',
      values: { minutes: 2, seconds: 5 },
    });
  });
});
