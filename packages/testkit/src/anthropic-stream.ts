import { randomBytes, randomUUID } from 'node:crypto';
import { chunkText, type FrameStreamPlan } from './provider-sim-server.js';
import type { AnthropicErrorBody } from './anthropic-errors.js';
import type { AnthropicMessagesRequest, AnthropicScriptedReply } from './anthropic-types.js';
import { randomAlphanumeric, resolveToolCalls, toolCallChars, type ResolvedToolCall } from './scripted-tool-calls.js';

type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'tool_use';

/** Everything needed to answer one Messages request, resolved before writing. */
export interface AnthropicPlan {
  id: string;
  model: string;
  text: string;
  /** Empty unless the request enabled thinking. */
  reasoning: string;
  signature: string;
  /** One tool_use block each, after the text. */
  toolCalls: ResolvedToolCall[];
  stopReason: StopReason;
  usage: {
    input_tokens: number;
    output_tokens: number;
    cache_creation_input_tokens: number;
    cache_read_input_tokens: number;
  };
}

const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

function blockText(
  content: AnthropicMessagesRequest['messages'][number]['content'] | AnthropicMessagesRequest['system'],
): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}

export function estimateAnthropicPromptTokens(request: AnthropicMessagesRequest): number {
  let chars = blockText(request.system).length;
  for (const message of request.messages ?? []) chars += blockText(message.content).length;
  return Math.ceil(chars / 4);
}

function stopReasonOf(reason: AnthropicScriptedReply['finishReason'], hasToolCalls: boolean): StopReason {
  if (reason === undefined) return hasToolCalls ? 'tool_use' : 'end_turn';
  if (reason === 'stop') return 'end_turn';
  if (reason === 'length') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  if (reason === 'tool_calls') return 'tool_use';
  return reason;
}

export function planAnthropicReply(request: AnthropicMessagesRequest, reply: AnthropicScriptedReply): AnthropicPlan {
  const lastUser = request.messages.findLast((m) => m.role === 'user');
  const toolCalls = resolveToolCalls(reply.toolCalls, () => `toolu_01${randomAlphanumeric(22)}`);
  const text = reply.text ?? (toolCalls.length ? '' : `Echo: ${lastUser ? blockText(lastUser.content) : ''}`);
  const reasoning = request.thinking?.type === 'enabled' ? (reply.reasoning ?? '') : '';
  return {
    id: `msg_01${randomUUID().replaceAll('-', '').slice(0, 22)}`,
    model: request.model,
    text,
    reasoning,
    signature: randomBytes(48).toString('base64'),
    toolCalls,
    stopReason: stopReasonOf(reply.finishReason, toolCalls.length > 0),
    usage: {
      input_tokens: reply.usage?.prompt_tokens ?? estimateAnthropicPromptTokens(request),
      // Anthropic counts thinking inside output_tokens.
      output_tokens:
        reply.usage?.completion_tokens ??
        Math.ceil((text.length + toolCallChars(toolCalls)) / 4) + estimateTokens(reasoning),
      cache_creation_input_tokens: reply.usage?.cache_write_tokens ?? 0,
      cache_read_input_tokens: reply.usage?.cached_tokens ?? 0,
    },
  };
}

/** The `message` object answered for `stream: false`. */
export function buildAnthropicMessage(plan: AnthropicPlan): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (plan.reasoning) content.push({ type: 'thinking', thinking: plan.reasoning, signature: plan.signature });
  if (plan.text || !plan.toolCalls.length) content.push({ type: 'text', text: plan.text });
  for (const call of plan.toolCalls) content.push({ type: 'tool_use', id: call.id, name: call.name, input: call.args });
  return {
    id: plan.id,
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content,
    stop_reason: plan.stopReason,
    stop_sequence: null,
    usage: plan.usage,
  };
}

const sse = <T extends { type: string }>(data: T): string => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

/** One content block of a streamed message: its start event, its counted deltas, what closes it. */
interface StreamBlock {
  start: string;
  deltas: string[];
  /** The block's stop event, after anything that ends it (the thinking signature). */
  stop: string;
}

function planBlocks(plan: AnthropicPlan, size: number): StreamBlock[] {
  const blocks: StreamBlock[] = [];
  const delta = (index: number, body: Record<string, unknown>) =>
    sse({ type: 'content_block_delta', index, delta: body });
  const stop = (index: number) => sse({ type: 'content_block_stop', index });
  if (plan.reasoning) {
    blocks.push({
      start: sse({
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      }),
      deltas: chunkText(plan.reasoning, size).map((piece) => delta(0, { type: 'thinking_delta', thinking: piece })),
      stop: delta(0, { type: 'signature_delta', signature: plan.signature }) + stop(0),
    });
  }
  // A reply that only calls tools has no text block; any other reply has one, even empty.
  if (plan.text || !plan.toolCalls.length) {
    const index = blocks.length;
    blocks.push({
      start: sse({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }),
      deltas: chunkText(plan.text, size).map((piece) => delta(index, { type: 'text_delta', text: piece })),
      stop: stop(index),
    });
  }
  for (const call of plan.toolCalls) {
    const index = blocks.length;
    blocks.push({
      start: sse({
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
      }),
      // The API opens every tool_use block with an empty partial before the JSON pieces.
      deltas: ['', ...chunkText(call.argsJson, size)].map((piece) =>
        delta(index, { type: 'input_json_delta', partial_json: piece }),
      ),
      stop: stop(index),
    });
  }
  return blocks;
}

/**
 * The Messages API event stream: message_start, a thinking block (thinking_delta then
 * signature_delta) when thinking is on, the text block, one tool_use block per tool call
 * (input_json_delta pieces of the arguments), message_delta with the stop reason and output
 * usage, message_stop. With `streamError`, the stream ends with an `error` event after `errorAt`
 * chunks instead.
 */
export function buildAnthropicStream(
  plan: AnthropicPlan,
  reply: AnthropicScriptedReply,
  streamError?: AnthropicErrorBody,
): FrameStreamPlan {
  const size = Math.max(1, Math.floor(reply.chunkSize ?? 4));
  // Each block's start rides with its first delta and its stop with the next block's first
  // delta, so the counted chunks are exactly the deltas; empty blocks go out whole.
  const chunks: string[] = [];
  let pending = '';
  for (const block of planBlocks(plan, size)) {
    const [first, ...rest] = block.deltas;
    if (first === undefined) {
      pending += block.start + block.stop;
      continue;
    }
    chunks.push(pending + block.start + first, ...rest);
    pending = block.stop;
  }
  const opening = [
    sse({
      type: 'message_start',
      message: {
        id: plan.id,
        type: 'message',
        role: 'assistant',
        model: plan.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...plan.usage, output_tokens: 1 },
      },
    }),
    sse({ type: 'ping' }),
  ];
  const headers = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': `req_01${plan.id.slice(6)}`,
  };
  const common = {
    headers,
    opening,
    delayMs: Math.max(0, reply.delayMs ?? 0),
    firstTokenDelayMs: Math.max(0, reply.firstTokenDelayMs ?? 0),
  };
  if (streamError) {
    return { ...common, chunks: chunks.slice(0, reply.errorAt ?? 0), closing: [sse(streamError)] };
  }
  const closing =
    pending +
    sse({
      type: 'message_delta',
      delta: { stop_reason: plan.stopReason, stop_sequence: null },
      usage: { output_tokens: plan.usage.output_tokens },
    }) +
    sse({ type: 'message_stop' });
  return { ...common, chunks, closing: [closing], errorAt: reply.errorAt };
}
