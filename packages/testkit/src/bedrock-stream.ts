import { randomUUID } from 'node:crypto';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { BedrockException } from './bedrock-errors.js';
import type { BedrockConverseRequest, BedrockScriptedReply } from './bedrock-types.js';
import { chunkText, type FrameStreamPlan } from './provider-sim-server.js';

type StopReason =
  'end_turn' | 'max_tokens' | 'stop_sequence' | 'guardrail_intervened' | 'content_filtered' | 'tool_use';

export interface BedrockPlan {
  requestId: string;
  text: string;
  reasoning: string;
  signature: string;
  stopReason: StopReason;
  usage: {
    inputTokens: number;
    outputTokens: number;
    totalTokens: number;
    cacheReadInputTokens?: number;
    cacheWriteInputTokens?: number;
  };
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const estimateTokens = (text: string): number => Math.ceil(text.length / 4);
const blocksText = (blocks: { text?: string }[] | undefined): string =>
  (blocks ?? []).map((b) => b.text ?? '').join('');

export function estimateBedrockPromptTokens(request: BedrockConverseRequest): number {
  let chars = blocksText(request.system).length;
  for (const message of request.messages ?? []) chars += blocksText(message.content).length;
  return Math.ceil(chars / 4);
}

function stopReasonOf(reason: BedrockScriptedReply['finishReason']): StopReason {
  if (reason === 'stop' || reason === undefined) return 'end_turn';
  if (reason === 'length') return 'max_tokens';
  if (reason === 'content_filter') return 'guardrail_intervened';
  if (reason === 'tool_calls') return 'tool_use';
  return reason;
}

/** Claude on Bedrock thinks only when asked; reasoning models such as DeepSeek R1 always do. */
function isReasoningOn(request: BedrockConverseRequest, modelId: string): boolean {
  if (!modelId.includes('anthropic.')) return true;
  const thinking = request.additionalModelRequestFields?.thinking as { type?: string } | undefined;
  return thinking?.type === 'enabled' || thinking?.type === 'adaptive';
}

export function planBedrockReply(
  request: BedrockConverseRequest,
  modelId: string,
  reply: BedrockScriptedReply,
): BedrockPlan {
  const lastUser = request.messages.findLast((m) => m.role === 'user');
  const stopReason = stopReasonOf(reply.finishReason);
  // A guardrail replaces the answer with its own blocked message.
  const text =
    reply.text ??
    (stopReason === 'guardrail_intervened'
      ? 'Sorry, the model cannot answer this question.'
      : `Echo: ${blocksText(lastUser?.content)}`);
  const reasoning = reply.reasoning && isReasoningOn(request, modelId) ? reply.reasoning : '';
  const inputTokens = reply.usage?.prompt_tokens ?? estimateBedrockPromptTokens(request);
  const outputTokens = reply.usage?.completion_tokens ?? estimateTokens(text) + estimateTokens(reasoning);
  return {
    requestId: randomUUID(),
    text,
    reasoning,
    signature: Buffer.from(randomUUID()).toString('base64'),
    stopReason,
    usage: {
      inputTokens,
      outputTokens,
      totalTokens: inputTokens + outputTokens,
      ...(reply.usage?.cached_tokens ? { cacheReadInputTokens: reply.usage.cached_tokens } : {}),
      ...(reply.usage?.cache_write_tokens ? { cacheWriteInputTokens: reply.usage.cache_write_tokens } : {}),
    },
  };
}

/** The Converse (non-streaming) response body. */
export function buildConverseResponse(plan: BedrockPlan): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (plan.reasoning)
    content.push({ reasoningContent: { reasoningText: { text: plan.reasoning, signature: plan.signature } } });
  content.push({ text: plan.text });
  return {
    output: { message: { role: 'assistant', content } },
    stopReason: plan.stopReason,
    usage: plan.usage,
    metrics: { latencyMs: 42 },
  };
}

/** The padding field Bedrock adds to every event so frame sizes do not reveal the content. */
const padding = (): string =>
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.slice(0, 1 + Math.floor(Math.random() * 40));

/** One `application/vnd.amazon.eventstream` message: prelude, headers, JSON payload and both CRCs. */
export function encodeBedrockEvent(eventType: string, payload: Record<string, unknown>): Uint8Array {
  return codec.encode({
    headers: {
      ':event-type': { type: 'string', value: eventType },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: fromUtf8(JSON.stringify({ ...payload, p: padding() })),
  });
}

/** An exception frame; its type is the exception name in lowerCamelCase (`throttlingException`). */
export function encodeBedrockException(exception: BedrockException): Uint8Array {
  const type = exception.name.charAt(0).toLowerCase() + exception.name.slice(1);
  return codec.encode({
    headers: {
      ':exception-type': { type: 'string', value: type },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'exception' },
    },
    body: fromUtf8(JSON.stringify({ message: exception.message, ...exception.extra })),
  });
}

/**
 * ConverseStream: messageStart, reasoningContent deltas (then their signature) in block 0 when
 * reasoning, text deltas, contentBlockStop, messageStop with the stop reason, metadata with
 * usage. With `streamError`, an exception frame ends the stream after `errorAt` chunks.
 */
export function buildBedrockStream(
  plan: BedrockPlan,
  reply: BedrockScriptedReply,
  streamError?: BedrockException,
): FrameStreamPlan {
  const size = Math.max(1, Math.floor(reply.chunkSize ?? 4));
  const chunks: Uint8Array[] = [];
  const reasoningPieces = chunkText(plan.reasoning, size);
  for (const piece of reasoningPieces)
    chunks.push(
      encodeBedrockEvent('contentBlockDelta', { contentBlockIndex: 0, delta: { reasoningContent: { text: piece } } }),
    );
  const textIndex = reasoningPieces.length ? 1 : 0;
  const reasoningEnd = reasoningPieces.length
    ? [
        encodeBedrockEvent('contentBlockDelta', {
          contentBlockIndex: 0,
          delta: { reasoningContent: { signature: plan.signature } },
        }),
        encodeBedrockEvent('contentBlockStop', { contentBlockIndex: 0 }),
      ]
    : [];
  const textPieces = chunkText(plan.text, size).map((piece) =>
    encodeBedrockEvent('contentBlockDelta', { contentBlockIndex: textIndex, delta: { text: piece } }),
  );
  const first = textPieces[0];
  // The reasoning block closes in the same write as the first text delta.
  if (first) chunks.push(Buffer.concat([...reasoningEnd, first]), ...textPieces.slice(1));
  const common = {
    headers: { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': plan.requestId },
    opening: [encodeBedrockEvent('messageStart', { role: 'assistant' })],
    delayMs: Math.max(0, reply.delayMs ?? 0),
    firstTokenDelayMs: Math.max(0, reply.firstTokenDelayMs ?? 0),
  };
  if (streamError)
    return { ...common, chunks: chunks.slice(0, reply.errorAt ?? 0), closing: [encodeBedrockException(streamError)] };
  const closing = [
    ...(first ? [] : reasoningEnd),
    encodeBedrockEvent('contentBlockStop', { contentBlockIndex: textIndex }),
    encodeBedrockEvent('messageStop', { stopReason: plan.stopReason }),
    encodeBedrockEvent('metadata', { usage: plan.usage, metrics: { latencyMs: 42 } }),
  ];
  return { ...common, chunks, closing, errorAt: reply.errorAt };
}
