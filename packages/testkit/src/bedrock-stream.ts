import { randomUUID } from 'node:crypto';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { BedrockException } from './bedrock-errors.js';
import type { BedrockConverseRequest, BedrockScriptedReply } from './bedrock-types.js';
import { chunkText, type FrameStreamPlan } from './provider-sim-server.js';
import { randomAlphanumeric, resolveToolCalls, toolCallChars, type ResolvedToolCall } from './scripted-tool-calls.js';

type StopReason =
  'end_turn' | 'max_tokens' | 'stop_sequence' | 'guardrail_intervened' | 'content_filtered' | 'tool_use';

export interface BedrockPlan {
  requestId: string;
  text: string;
  reasoning: string;
  signature: string;
  /** One toolUse block each, after the text. */
  toolCalls: ResolvedToolCall[];
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

function stopReasonOf(reason: BedrockScriptedReply['finishReason'], hasToolCalls: boolean): StopReason {
  if (reason === undefined) return hasToolCalls ? 'tool_use' : 'end_turn';
  if (reason === 'stop') return 'end_turn';
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
  const toolCalls = resolveToolCalls(reply.toolCalls, () => `tooluse_${randomAlphanumeric(22)}`);
  const stopReason = stopReasonOf(reply.finishReason, toolCalls.length > 0);
  // A guardrail replaces the answer with its own blocked message.
  const text =
    reply.text ??
    (stopReason === 'guardrail_intervened'
      ? 'Sorry, the model cannot answer this question.'
      : toolCalls.length
        ? ''
        : `Echo: ${blocksText(lastUser?.content)}`);
  const reasoning = reply.reasoning && isReasoningOn(request, modelId) ? reply.reasoning : '';
  const inputTokens = reply.usage?.prompt_tokens ?? estimateBedrockPromptTokens(request);
  const outputTokens =
    reply.usage?.completion_tokens ??
    Math.ceil((text.length + toolCallChars(toolCalls)) / 4) + estimateTokens(reasoning);
  return {
    requestId: randomUUID(),
    text,
    reasoning,
    signature: Buffer.from(randomUUID()).toString('base64'),
    toolCalls,
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
  if (plan.text || !plan.toolCalls.length) content.push({ text: plan.text });
  for (const call of plan.toolCalls)
    content.push({ toolUse: { toolUseId: call.id, name: call.name, input: call.args } });
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

/** One content block of a ConverseStream: its start events, its counted deltas, what closes it. */
interface StreamBlock {
  start: Uint8Array[];
  deltas: Uint8Array[];
  stop: Uint8Array[];
}

function planBlocks(plan: BedrockPlan, size: number): StreamBlock[] {
  const blocks: StreamBlock[] = [];
  const delta = (index: number, body: Record<string, unknown>) =>
    encodeBedrockEvent('contentBlockDelta', { contentBlockIndex: index, delta: body });
  const stop = (index: number) => encodeBedrockEvent('contentBlockStop', { contentBlockIndex: index });
  if (plan.reasoning) {
    blocks.push({
      start: [],
      deltas: chunkText(plan.reasoning, size).map((piece) => delta(0, { reasoningContent: { text: piece } })),
      stop: [delta(0, { reasoningContent: { signature: plan.signature } }), stop(0)],
    });
  }
  // Text blocks have no start event; a reply that only calls tools has no text block.
  if (plan.text || !plan.toolCalls.length) {
    const index = blocks.length;
    blocks.push({
      start: [],
      deltas: chunkText(plan.text, size).map((piece) => delta(index, { text: piece })),
      stop: [stop(index)],
    });
  }
  for (const call of plan.toolCalls) {
    const index = blocks.length;
    blocks.push({
      start: [
        encodeBedrockEvent('contentBlockStart', {
          contentBlockIndex: index,
          start: { toolUse: { toolUseId: call.id, name: call.name } },
        }),
      ],
      deltas: chunkText(call.argsJson, size).map((piece) => delta(index, { toolUse: { input: piece } })),
      stop: [stop(index)],
    });
  }
  return blocks;
}

/**
 * ConverseStream: messageStart, reasoningContent deltas (then their signature) in block 0 when
 * reasoning, text deltas, one toolUse block per tool call (contentBlockStart with id and name,
 * then the input JSON in pieces), contentBlockStop, messageStop with the stop reason, metadata
 * with usage. With `streamError`, an exception frame ends the stream after `errorAt` chunks.
 */
export function buildBedrockStream(
  plan: BedrockPlan,
  reply: BedrockScriptedReply,
  streamError?: BedrockException,
): FrameStreamPlan {
  const size = Math.max(1, Math.floor(reply.chunkSize ?? 4));
  // The counted chunks are the deltas: a block's start rides with its first delta, its stop with
  // the next block's first delta (one write); blocks without deltas go out whole.
  const chunks: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  for (const block of planBlocks(plan, size)) {
    const [first, ...rest] = block.deltas;
    if (first === undefined) {
      pending.push(...block.start, ...block.stop);
      continue;
    }
    chunks.push(Buffer.concat([...pending, ...block.start, first]), ...rest);
    pending = block.stop;
  }
  const common = {
    headers: { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': plan.requestId },
    opening: [encodeBedrockEvent('messageStart', { role: 'assistant' })],
    delayMs: Math.max(0, reply.delayMs ?? 0),
    firstTokenDelayMs: Math.max(0, reply.firstTokenDelayMs ?? 0),
  };
  if (streamError)
    return { ...common, chunks: chunks.slice(0, reply.errorAt ?? 0), closing: [encodeBedrockException(streamError)] };
  const closing = [
    ...pending,
    encodeBedrockEvent('messageStop', { stopReason: plan.stopReason }),
    encodeBedrockEvent('metadata', { usage: plan.usage, metrics: { latencyMs: 42 } }),
  ];
  return { ...common, chunks, closing, errorAt: reply.errorAt };
}
