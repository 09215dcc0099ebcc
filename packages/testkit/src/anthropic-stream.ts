import { randomBytes, randomUUID } from 'node:crypto';
import { chunkText, type FrameStreamPlan } from './provider-sim-server.js';
import type { AnthropicErrorBody } from './anthropic-errors.js';
import type { AnthropicMessagesRequest, AnthropicScriptedReply } from './anthropic-types.js';

type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'tool_use';

/** Everything needed to answer one Messages request, resolved before writing. */
export interface AnthropicPlan {
  id: string;
  model: string;
  text: string;
  /** Empty unless the request enabled thinking. */
  reasoning: string;
  signature: string;
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

function stopReasonOf(reason: AnthropicScriptedReply['finishReason']): StopReason {
  if (reason === 'stop' || reason === undefined) return 'end_turn';
  if (reason === 'length') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  if (reason === 'tool_calls') return 'tool_use';
  return reason;
}

export function planAnthropicReply(request: AnthropicMessagesRequest, reply: AnthropicScriptedReply): AnthropicPlan {
  const lastUser = request.messages.findLast((m) => m.role === 'user');
  const text = reply.text ?? `Echo: ${lastUser ? blockText(lastUser.content) : ''}`;
  const reasoning = request.thinking?.type === 'enabled' ? (reply.reasoning ?? '') : '';
  return {
    id: `msg_01${randomUUID().replaceAll('-', '').slice(0, 22)}`,
    model: request.model,
    text,
    reasoning,
    signature: randomBytes(48).toString('base64'),
    stopReason: stopReasonOf(reply.finishReason),
    usage: {
      input_tokens: reply.usage?.prompt_tokens ?? estimateAnthropicPromptTokens(request),
      // Anthropic counts thinking inside output_tokens.
      output_tokens: reply.usage?.completion_tokens ?? estimateTokens(text) + estimateTokens(reasoning),
      cache_creation_input_tokens: reply.usage?.cache_write_tokens ?? 0,
      cache_read_input_tokens: reply.usage?.cached_tokens ?? 0,
    },
  };
}

/** The `message` object answered for `stream: false`. */
export function buildAnthropicMessage(plan: AnthropicPlan): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (plan.reasoning) content.push({ type: 'thinking', thinking: plan.reasoning, signature: plan.signature });
  content.push({ type: 'text', text: plan.text });
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

/**
 * The Messages API event stream: message_start, a thinking block (thinking_delta then
 * signature_delta) when thinking is on, the text block, message_delta with the stop reason and
 * output usage, message_stop. With `streamError`, the stream ends with an `error` event after
 * `errorAt` chunks instead.
 */
export function buildAnthropicStream(
  plan: AnthropicPlan,
  reply: AnthropicScriptedReply,
  streamError?: AnthropicErrorBody,
): FrameStreamPlan {
  const size = Math.max(1, Math.floor(reply.chunkSize ?? 4));
  const chunks: string[] = [];
  let pending = '';
  if (plan.reasoning) {
    chunkText(plan.reasoning, size).forEach((piece, i) => {
      const start =
        i === 0
          ? sse({
              type: 'content_block_start',
              index: 0,
              content_block: { type: 'thinking', thinking: '', signature: '' },
            })
          : '';
      chunks.push(
        start + sse({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: piece } }),
      );
    });
    pending =
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: plan.signature } }) +
      sse({ type: 'content_block_stop', index: 0 });
  }
  const textIndex = plan.reasoning ? 1 : 0;
  const textStart = sse({ type: 'content_block_start', index: textIndex, content_block: { type: 'text', text: '' } });
  const textPieces = chunkText(plan.text, size);
  textPieces.forEach((piece, i) => {
    const start = i === 0 ? pending + textStart : '';
    chunks.push(
      start + sse({ type: 'content_block_delta', index: textIndex, delta: { type: 'text_delta', text: piece } }),
    );
  });
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
    (textPieces.length ? '' : pending + textStart) +
    sse({ type: 'content_block_stop', index: textIndex }) +
    sse({
      type: 'message_delta',
      delta: { stop_reason: plan.stopReason, stop_sequence: null },
      usage: { output_tokens: plan.usage.output_tokens },
    }) +
    sse({ type: 'message_stop' });
  return { ...common, chunks, closing: [closing], errorAt: reply.errorAt };
}
