import {
  isFileAttachment,
  MEMORY_ATTACHMENT,
  textOfParts,
  WEB_SEARCH_TOOL,
  type ContentPart,
  type Conversation,
  type CreatedFrame,
  type ErrorFrame,
  type FinalFrame,
  type Message,
  type MemoryAttachment,
  type ReplyAttachment,
  type RunEventFrame,
  type TextFrame,
} from '@confab/shared';
import type { StreamFrameEvent } from '../../../lib/sse-client';
import type { Submission } from './submission';
import { applyToolEvent } from './tool-call-events';

/** The stream frame a parsed SSE event carries, by the fields it has (ARCHITECTURE). */
export type ParsedFrame =
  | { kind: 'created'; frame: CreatedFrame }
  | { kind: 'text'; frame: TextFrame }
  | { kind: 'run-event'; frame: RunEventFrame }
  | { kind: 'final'; frame: FinalFrame }
  | { kind: 'error'; frame: ErrorFrame }
  | { kind: 'attachment'; attachment: ReplyAttachment }
  | { kind: 'unknown' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function parseFrame(event: StreamFrameEvent): ParsedFrame {
  const data = event.data;
  if (event.event === 'error') {
    if (isObject(data))
      return { kind: 'error', frame: { ...(data as unknown as ErrorFrame), error: true, final: true } };
    return {
      kind: 'error',
      frame: {
        error: true,
        final: true,
        text: typeof data === 'string' ? data : '',
        messageId: '',
        parentMessageId: '',
        conversationId: '',
      },
    };
  }
  if (!isObject(data)) return { kind: 'unknown' };
  // What a tool left under its call (a code run's figure, a search's sources, a saved memory),
  // sent as LibreChat's `event: attachment`.
  if (event.event === 'attachment')
    return attachmentKeyOf(data as unknown as ReplyAttachment) !== undefined
      ? { kind: 'attachment', attachment: data as unknown as ReplyAttachment }
      : { kind: 'unknown' };
  if (data.created === true) return { kind: 'created', frame: data as unknown as CreatedFrame };
  if (data.final === true)
    return data.error === true
      ? { kind: 'error', frame: data as unknown as ErrorFrame }
      : { kind: 'final', frame: data as unknown as FinalFrame };
  if (typeof data.event === 'string' && isObject(data.data))
    return { kind: 'run-event', frame: data as unknown as RunEventFrame };
  if (data.message === true && typeof data.text === 'string')
    return { kind: 'text', frame: data as unknown as TextFrame };
  return { kind: 'unknown' };
}

/**
 * Appends one delta part: text to the last text part, reasoning to the last think part. A
 * reasoning delta may carry how long the reasoning took (the server sends it, with no text, as
 * the reasoning ends).
 */
export function appendDelta(parts: readonly ContentPart[], delta: ContentPart): ContentPart[] {
  const last = parts[parts.length - 1];
  if (delta.type === 'text' && typeof delta.text === 'string') {
    if (last?.type === 'text') return [...parts.slice(0, -1), { type: 'text', text: last.text + delta.text }];
    return [...parts, { type: 'text', text: delta.text }];
  }
  if (delta.type === 'think' && typeof delta.think === 'string') {
    const durationMs =
      typeof delta.durationMs === 'number' ? delta.durationMs : last?.type === 'think' ? last.durationMs : undefined;
    const timed = durationMs === undefined ? {} : { durationMs };
    if (last?.type === 'think')
      return [...parts.slice(0, -1), { type: 'think', think: last.think + delta.think, ...timed }];
    return [...parts, { type: 'think', think: delta.think, ...timed }];
  }
  return [...parts, delta];
}

/** The text of the text parts (the shared helper), which is a message's `text` while it streams. */
export { textOfParts };

/** The parts a stored message shows: its content, or its text as one part. */
export function partsOf(message: Pick<Message, 'text' | 'content'>): ContentPart[] {
  if (message.content && message.content.length) return message.content;
  return message.text ? [{ type: 'text', text: message.text }] : [];
}

function withContent(message: Message, content: ContentPart[]): Message {
  return { ...message, content, text: textOfParts(content) };
}

function applyCreated(sub: Submission, frame: CreatedFrame): Submission {
  const userMessage = isObject(frame.message) ? frame.message : sub.userMessage;
  return {
    ...sub,
    phase: 'streaming',
    isSlow: false,
    streamId: frame.streamId ?? sub.streamId,
    conversationId: frame.conversationId ?? userMessage.conversationId ?? sub.conversationId,
    userMessage,
    responseMessage: {
      ...sub.responseMessage,
      messageId: frame.responseMessageId ?? sub.responseMessage.messageId,
      parentMessageId: userMessage.messageId,
      conversationId: frame.conversationId ?? sub.responseMessage.conversationId,
    },
  };
}

function applyRunEvent(sub: Submission, frame: RunEventFrame): Submission {
  if (frame.event !== 'on_message_delta' && frame.event !== 'on_reasoning_delta') {
    const before = { parts: partsOfResponse(sub), steps: sub.toolSteps ?? {} };
    const after = applyToolEvent(before, frame.event, frame.data);
    if (after === before) return sub;
    return {
      ...sub,
      phase: 'streaming',
      isSlow: false,
      toolSteps: after.steps,
      responseMessage: withContent(sub.responseMessage, after.parts),
    };
  }
  const data = frame.data as { id?: string; delta?: { content?: ContentPart[] } };
  const deltas = data.delta?.content;
  if (!Array.isArray(deltas) || deltas.length === 0) return sub;
  let content = partsOfResponse(sub);
  for (const delta of deltas) content = appendDelta(content, delta);
  return { ...sub, phase: 'streaming', isSlow: false, responseMessage: withContent(sub.responseMessage, content) };
}

function partsOfResponse(sub: Submission): ContentPart[] {
  return sub.responseMessage.content ?? [];
}

/**
 * What names one attachment of a reply: a file by its id, a search by its call, a memory by its
 * call and key. Undefined for a frame that is none of them.
 */
function attachmentKeyOf(attachment: ReplyAttachment): string | undefined {
  if (attachment.type === WEB_SEARCH_TOOL)
    return typeof attachment.toolCallId === 'string' ? `web_search:${attachment.toolCallId}` : undefined;
  if (attachment.type === MEMORY_ATTACHMENT) {
    const memory = (attachment as MemoryAttachment).memory as MemoryAttachment['memory'] | undefined;
    return typeof memory?.key === 'string' ? `memory:${attachment.toolCallId}:${memory.key}` : undefined;
  }
  return isFileAttachment(attachment) && typeof attachment.file_id === 'string' ? `file:${attachment.file_id}` : undefined;
}

/**
 * What a tool left joins the reply's attachments, under its call, as it arrives; the stored
 * reply of `final` carries the same list. A frame seen again (a stream replayed after a reload)
 * replaces its copy instead of adding another.
 */
function applyAttachment(sub: Submission, attachment: ReplyAttachment): Submission {
  const kept = sub.responseMessage.attachments ?? [];
  const key = attachmentKeyOf(attachment);
  const attachments = kept.some((other) => attachmentKeyOf(other) === key)
    ? kept.map((other) => (attachmentKeyOf(other) === key ? attachment : other))
    : [...kept, attachment];
  return { ...sub, responseMessage: { ...sub.responseMessage, attachments } };
}

/** LibreChat's plain progress frame carries the whole text so far. */
function applyText(sub: Submission, frame: TextFrame): Submission {
  const parts = partsOfResponse(sub).filter((p) => p.type !== 'text');
  return {
    ...sub,
    phase: 'streaming',
    responseMessage: withContent(sub.responseMessage, [...parts, { type: 'text', text: frame.text }]),
  };
}

export function applyFinal(
  sub: Submission,
  frame: Pick<FinalFrame, 'requestMessage' | 'responseMessage'> & { conversation?: Conversation | null },
): Submission {
  if (sub.phase === 'done' || sub.phase === 'error') return sub;
  const responseMessage = isObject(frame.responseMessage)
    ? frame.responseMessage
    : { ...sub.responseMessage, unfinished: false, finish_reason: 'incomplete' as const };
  return {
    ...sub,
    phase: 'done',
    isSlow: false,
    isReconnecting: false,
    conversation: frame.conversation ?? sub.conversation,
    conversationId: frame.conversation?.conversationId ?? responseMessage.conversationId ?? sub.conversationId,
    userMessage: isObject(frame.requestMessage) ? frame.requestMessage : sub.userMessage,
    responseMessage,
  };
}

/**
 * The reply an error leaves: the stored one when the server sent it, else the partial reply
 * with an error part. The error text (often JSON `{type, ...}`) is mapped when rendered.
 */
export function applyError(sub: Submission, frame: Pick<ErrorFrame, 'text'> & Partial<ErrorFrame>): Submission {
  if (sub.phase === 'done' || sub.phase === 'error') return sub;
  let responseMessage: Message;
  if (isObject(frame.responseMessage)) {
    responseMessage = { ...frame.responseMessage, error: true, unfinished: false };
    if (!responseMessage.content?.some((p) => p.type === 'error')) {
      const parts = partsOf(responseMessage).filter((p) => p.type !== 'text' || p.text !== frame.text);
      responseMessage = { ...responseMessage, content: [...parts, { type: 'error', error: frame.text }] };
    }
  } else {
    const parts = partsOfResponse(sub);
    responseMessage = {
      ...sub.responseMessage,
      messageId: frame.messageId || sub.responseMessage.messageId,
      error: true,
      unfinished: false,
      finish_reason: 'error',
      content: [...parts, { type: 'error', error: frame.text }],
      text: textOfParts(parts),
    };
  }
  return {
    ...sub,
    phase: 'error',
    isSlow: false,
    isReconnecting: false,
    conversation: frame.conversation ?? sub.conversation,
    conversationId: frame.conversationId || sub.conversationId,
    userMessage: isObject(frame.requestMessage) ? frame.requestMessage : sub.userMessage,
    responseMessage,
  };
}

/** Applies one SSE frame to the submission it belongs to. Pure: returns the next state. */
export function applyStreamFrame(sub: Submission, event: StreamFrameEvent): Submission {
  if (sub.phase === 'done' || sub.phase === 'error') return sub;
  const parsed = parseFrame(event);
  switch (parsed.kind) {
    case 'created':
      return applyCreated(sub, parsed.frame);
    case 'run-event':
      return applyRunEvent(sub, parsed.frame);
    case 'text':
      return applyText(sub, parsed.frame);
    case 'final':
      return applyFinal(sub, parsed.frame);
    case 'error':
      return applyError(sub, parsed.frame);
    case 'attachment':
      return applyAttachment(sub, parsed.attachment);
    default:
      return sub;
  }
}
