import { isFileAttachment, NO_PARENT, type Message } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import type { StreamFrameEvent } from '../../../lib/sse-client';
import { mergeSubmission, upsertMessages } from './merge-submission';
import { appendDelta, applyStreamFrame, parseFrame } from './stream-reducer';
import { PENDING_CREATED_AT, type Submission } from './submission';

const CONVO = '11111111-1111-4111-8111-111111111111';

function message(partial: Partial<Message> & { messageId: string }): Message {
  return {
    conversationId: CONVO,
    parentMessageId: NO_PARENT,
    sender: 'User',
    text: '',
    isCreatedByUser: false,
    model: null,
    endpoint: 'openAI',
    error: false,
    unfinished: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...partial,
  };
}

function submission(overrides: Partial<Submission> = {}): Submission {
  return {
    kind: 'send',
    conversationKey: 'new:abc',
    conversationId: null,
    userMessage: message({ messageId: 'client-user', isCreatedByUser: true, text: 'Hi' }),
    responseMessage: message({ messageId: 'placeholder', parentMessageId: 'client-user', unfinished: true }),
    isNewUserMessage: true,
    initialContent: [],
    streamId: null,
    phase: 'connecting',
    isSlow: false,
    isReconnecting: false,
    isAbortRequested: false,
    conversation: null,
    endpoint: 'openAI',
    routeEndpoint: 'openAI',
    ...overrides,
  };
}

let seq = 0;
const frame = (data: unknown, event = 'message'): StreamFrameEvent => ({ id: ++seq, event, data });
const delta = (text: string) =>
  frame({ event: 'on_message_delta', data: { id: 'reply-1', delta: { content: [{ type: 'text', text }] } } });
const think = (text: string) =>
  frame({ event: 'on_reasoning_delta', data: { id: 'reply-1', delta: { content: [{ type: 'think', think: text }] } } });
const created = frame({
  created: true,
  message: message({ messageId: 'user-1', isCreatedByUser: true, text: 'Hi' }),
  streamId: 'stream-1',
  conversationId: CONVO,
  responseMessageId: 'reply-1',
});

describe('parseFrame', () => {
  it('recognises every frame kind by its fields', () => {
    expect(parseFrame(created).kind).toBe('created');
    expect(parseFrame(delta('a')).kind).toBe('run-event');
    expect(
      parseFrame(frame({ message: true, text: 'x', messageId: 'a', parentMessageId: 'b', conversationId: CONVO })).kind,
    ).toBe('text');
    expect(parseFrame(frame({ final: true, requestMessage: {}, responseMessage: {} })).kind).toBe('final');
    expect(parseFrame(frame({ error: true, final: true, text: 'boom' }, 'error')).kind).toBe('error');
    expect(parseFrame(frame('not json', 'error')).kind).toBe('error');
    expect(parseFrame(frame({ something: 1 })).kind).toBe('unknown');
  });
});

describe('appendDelta', () => {
  it('appends text to the last text part and reasoning to the last think part', () => {
    let parts = appendDelta([], { type: 'think', think: 'Let me ' });
    parts = appendDelta(parts, { type: 'think', think: 'see' });
    parts = appendDelta(parts, { type: 'text', text: 'Hel' });
    parts = appendDelta(parts, { type: 'text', text: 'lo' });
    expect(parts).toEqual([
      { type: 'think', think: 'Let me see' },
      { type: 'text', text: 'Hello' },
    ]);
  });

  it('keeps the time a reasoning delta reports on its think part (the empty delta that ends it)', () => {
    let parts = appendDelta([], { type: 'think', think: 'Hmm' });
    parts = appendDelta(parts, { type: 'think', think: '', durationMs: 4_200 });
    parts = appendDelta(parts, { type: 'text', text: 'So.' });
    expect(parts).toEqual([
      { type: 'think', think: 'Hmm', durationMs: 4_200 },
      { type: 'text', text: 'So.' },
    ]);
    // A continued reply thinking on keeps the time it had until a new one comes.
    expect(appendDelta(parts.slice(0, 1), { type: 'think', think: '.' })).toEqual([{ type: 'think', think: 'Hmm.', durationMs: 4_200 }]);
  });
});

describe('applyStreamFrame', () => {
  it('puts an agent tool call between the text before and after it', () => {
    const events = [
      created,
      delta('Checking. '),
      frame({
        event: 'on_run_step',
        data: { id: 's1', index: 1, stepDetails: { type: 'tool_calls', tool_calls: [{ id: 'c1', name: 'echo', args: '' }] } },
      }),
      frame({ event: 'on_run_step_delta', data: { id: 's1', delta: { type: 'tool_calls', tool_calls: [{ index: 0, args: '{}' }] } } }),
      frame({
        event: 'on_run_step_completed',
        data: { result: { id: 's1', index: 1, tool_call: { id: 'c1', name: 'echo', args: '{}', output: 'ok', progress: 1 } } },
      }),
      delta('Done.'),
    ];
    const sub = events.reduce(applyStreamFrame, submission());
    expect(sub.responseMessage.content?.map((p) => p.type)).toEqual(['text', 'tool_call', 'text']);
    expect(sub.responseMessage.content?.[1]).toMatchObject({ tool_call: { output: 'ok', progress: 1 } });
    expect(sub.responseMessage.text).toBe('Checking. Done.');
  });

  it('takes the server ids on created and appends deltas in order', () => {
    let sub = applyStreamFrame(submission(), created);
    expect(sub.phase).toBe('streaming');
    expect(sub.streamId).toBe('stream-1');
    expect(sub.conversationId).toBe(CONVO);
    expect(sub.userMessage.messageId).toBe('user-1');
    expect(sub.responseMessage.messageId).toBe('reply-1');
    expect(sub.responseMessage.parentMessageId).toBe('user-1');
    for (const piece of ['Hel', 'lo, ', 'world']) sub = applyStreamFrame(sub, delta(piece));
    expect(sub.responseMessage.text).toBe('Hello, world');
  });

  it('keeps reasoning in a think part before the text', () => {
    let sub = applyStreamFrame(submission(), created);
    sub = applyStreamFrame(sub, think('Pondering'));
    sub = applyStreamFrame(sub, delta('Answer'));
    expect(sub.responseMessage.content).toEqual([
      { type: 'think', think: 'Pondering' },
      { type: 'text', text: 'Answer' },
    ]);
    expect(sub.responseMessage.text).toBe('Answer');
  });

  it('appends to the initial content when continuing a reply', () => {
    const start = submission({
      kind: 'continue',
      responseMessage: message({
        messageId: 'reply-1',
        text: 'Once upon',
        content: [{ type: 'text', text: 'Once upon' }],
      }),
    });
    let sub = applyStreamFrame(start, created);
    sub = applyStreamFrame(sub, delta(' a time'));
    expect(sub.responseMessage.text).toBe('Once upon a time');
  });

  it('replaces both messages with the stored ones on final and ignores later frames', () => {
    let sub = applyStreamFrame(submission(), created);
    sub = applyStreamFrame(sub, delta('Hi there'));
    const stored = message({
      messageId: 'reply-1',
      parentMessageId: 'user-1',
      text: 'Hi there',
      finish_reason: 'stop',
    });
    sub = applyStreamFrame(
      sub,
      frame({
        final: true,
        conversation: { conversationId: CONVO, title: 'T' },
        requestMessage: message({ messageId: 'user-1', isCreatedByUser: true }),
        responseMessage: stored,
      }),
    );
    expect(sub.phase).toBe('done');
    expect(sub.responseMessage).toEqual(stored);
    expect(sub.conversation?.title).toBe('T');
    expect(applyStreamFrame(sub, delta('late'))).toBe(sub);
  });

  it("adds a tool's attachment frames to the reply as they come, once each, and keeps the stored list on final", () => {
    const png = {
      file_id: 'file-png',
      filename: 'plot.png',
      filepath: '/images/u1/file-png.png',
      type: 'image/png',
      toolCallId: 'call_1',
      messageId: 'reply-1',
      conversationId: CONVO,
    };
    let sub = applyStreamFrame(submission(), created);
    expect(parseFrame(frame(png, 'attachment'))).toEqual({ kind: 'attachment', attachment: png });
    expect(parseFrame(frame({ nothing: true }, 'attachment')).kind).toBe('unknown');
    sub = applyStreamFrame(sub, frame(png, 'attachment'));
    sub = applyStreamFrame(sub, frame({ ...png, file_id: 'file-csv', filename: 'data.csv' }, 'attachment'));
    // A replay after a reload sends the first again: replaced in place, not doubled.
    sub = applyStreamFrame(sub, frame({ ...png, width: 640 }, 'attachment'));
    expect(sub.phase).toBe('streaming');
    expect(sub.responseMessage.attachments?.filter(isFileAttachment).map((f) => [f.file_id, f.width])).toEqual([
      ['file-png', 640],
      ['file-csv', undefined],
    ]);
    const stored = message({ messageId: 'reply-1', parentMessageId: 'user-1', attachments: [png as never] });
    sub = applyStreamFrame(
      sub,
      frame({ final: true, requestMessage: message({ messageId: 'user-1' }), responseMessage: stored }),
    );
    expect(sub.responseMessage.attachments).toEqual([png]);
  });

  it('treats a LibreChat text frame as the whole text so far', () => {
    let sub = applyStreamFrame(submission(), created);
    sub = applyStreamFrame(
      sub,
      frame({ message: true, text: 'Full', messageId: 'reply-1', parentMessageId: 'user-1', conversationId: CONVO }),
    );
    sub = applyStreamFrame(
      sub,
      frame({
        message: true,
        text: 'Full text',
        messageId: 'reply-1',
        parentMessageId: 'user-1',
        conversationId: CONVO,
      }),
    );
    expect(sub.responseMessage.text).toBe('Full text');
  });

  it('ends with an error reply carrying the error part, keeping the partial text', () => {
    let sub = applyStreamFrame(submission(), created);
    sub = applyStreamFrame(sub, delta('Partial answer'));
    const text = JSON.stringify({ type: 'rate_limit', message: 'slow down' });
    sub = applyStreamFrame(
      sub,
      frame(
        { error: true, final: true, text, messageId: 'reply-1', parentMessageId: 'user-1', conversationId: CONVO },
        'error',
      ),
    );
    expect(sub.phase).toBe('error');
    expect(sub.responseMessage.error).toBe(true);
    expect(sub.responseMessage.text).toBe('Partial answer');
    expect(sub.responseMessage.content?.at(-1)).toEqual({ type: 'error', error: text });
  });

  it('uses the stored error reply when the server sends it', () => {
    const sub = applyStreamFrame(
      applyStreamFrame(submission(), created),
      frame(
        {
          error: true,
          final: true,
          text: '{"type":"server_error"}',
          messageId: 'reply-1',
          parentMessageId: 'user-1',
          conversationId: CONVO,
          responseMessage: message({ messageId: 'reply-1', text: '{"type":"server_error"}', error: true }),
        },
        'error',
      ),
    );
    expect(sub.responseMessage.content).toEqual([{ type: 'error', error: '{"type":"server_error"}' }]);
  });
});

describe('mergeSubmission', () => {
  const stored = [
    message({ messageId: 'u0', isCreatedByUser: true }),
    message({ messageId: 'a0', parentMessageId: 'u0' }),
  ];

  it('adds a pending user message and reply as the newest siblings', () => {
    const sub = submission({
      userMessage: message({ messageId: 'u1', parentMessageId: 'a0', isCreatedByUser: true }),
      responseMessage: message({ messageId: 'p', parentMessageId: 'u1' }),
    });
    const merged = mergeSubmission(stored, sub);
    expect(merged.map((m) => m.messageId)).toEqual(['u0', 'a0', 'u1', 'p']);
    expect(merged[2]?.createdAt).toBe(PENDING_CREATED_AT);
  });

  it('replaces a stored reply being continued instead of duplicating it', () => {
    const sub = submission({
      kind: 'continue',
      isNewUserMessage: false,
      userMessage: stored[0]!,
      responseMessage: { ...stored[1]!, text: 'more' },
    });
    const merged = mergeSubmission(stored, sub);
    expect(merged.map((m) => m.messageId)).toEqual(['u0', 'a0']);
    expect(merged[1]?.createdAt).toBe(stored[1]!.createdAt);
  });

  it('upserts final messages by id', () => {
    const next = upsertMessages(stored, [
      message({ messageId: 'a0', parentMessageId: 'u0', text: 'edited' }),
      message({ messageId: 'n' }),
    ]);
    expect(next.map((m) => [m.messageId, m.text])).toEqual([
      ['u0', ''],
      ['a0', 'edited'],
      ['n', ''],
    ]);
  });
});
