import { randomUUID } from 'node:crypto';
import type { ChatCompletionMessage, ChatCompletionRequest, ScriptedReply } from './openai-types.js';
import { randomAlphanumeric, resolveToolCalls, toolCallChars, type ResolvedToolCall } from './scripted-tool-calls.js';

/** A fixed fingerprint, as the real API sends one per deployment. */
export const SYSTEM_FINGERPRINT = 'fp_testkit01';

/** The usage object of the OpenAI API. */
export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
}

/** Everything needed to answer one chat completion, resolved once before writing. */
export interface CompletionPlan {
  id: string;
  created: number;
  model: string;
  text: string;
  reasoning: string;
  /** Streamed after the text. */
  toolCalls: ResolvedToolCall[];
  chunkSize: number;
  delayMs: number;
  firstTokenDelayMs: number;
  pauseAt: ScriptedReply['pauseAt'];
  errorAt: number | undefined;
  finishReason: NonNullable<ScriptedReply['finishReason']>;
  usage: OpenAIUsage;
  includeUsage: boolean;
}

/** Roughly a token per 4 characters, like OpenAI's rule of thumb. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The text of a message: its string content, or its text parts joined. */
export function getMessageText(message: ChatCompletionMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}

/** Estimated prompt tokens of a request. */
export function estimatePromptTokens(request: ChatCompletionRequest): number {
  let chars = 0;
  for (const message of request.messages) chars += getMessageText(message).length;
  return Math.ceil(chars / 4);
}

function getDefaultText(request: ChatCompletionRequest): string {
  const lastUser = request.messages.findLast((message) => message.role === 'user');
  return `Echo: ${lastUser ? getMessageText(lastUser) : ''}`;
}

/** Resolves a scripted reply against its request into a complete plan. */
export function planCompletion(request: ChatCompletionRequest, reply: ScriptedReply): CompletionPlan {
  const toolCalls = resolveToolCalls(reply.toolCalls, () => `call_${randomAlphanumeric(24)}`);
  const text = reply.text ?? (toolCalls.length ? '' : getDefaultText(request));
  const reasoning = reply.reasoning ?? '';
  const promptTokens = reply.usage?.prompt_tokens ?? estimatePromptTokens(request);
  const reasoningTokens = reply.usage?.reasoning_tokens ?? estimateTokens(reasoning);
  const completionTokens =
    reply.usage?.completion_tokens ?? Math.ceil((text.length + toolCallChars(toolCalls)) / 4) + reasoningTokens;
  return {
    id: `chatcmpl-${randomUUID().replaceAll('-', '')}`,
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    text,
    reasoning,
    toolCalls,
    chunkSize: Math.max(1, Math.floor(reply.chunkSize ?? 4)),
    delayMs: Math.max(0, reply.delayMs ?? 0),
    firstTokenDelayMs: Math.max(0, reply.firstTokenDelayMs ?? 0),
    pauseAt: reply.pauseAt,
    errorAt: reply.errorAt,
    finishReason: reply.finishReason ?? (toolCalls.length ? 'tool_calls' : 'stop'),
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: reply.usage?.cached_tokens ?? 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: reasoningTokens,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    includeUsage: request.stream_options?.include_usage === true,
  };
}

/** The `chat.completion` object answered for `stream: false`. */
export function buildChatCompletion(plan: CompletionPlan): Record<string, unknown> {
  return {
    id: plan.id,
    object: 'chat.completion',
    created: plan.created,
    model: plan.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          // OpenAI sends null content beside tool calls when the model wrote no text.
          content: plan.text || (plan.toolCalls.length ? null : ''),
          // DeepSeek's field; OpenAI itself never returns reasoning text.
          ...(plan.reasoning ? { reasoning_content: plan.reasoning } : {}),
          ...(plan.toolCalls.length
            ? {
                tool_calls: plan.toolCalls.map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: call.argsJson },
                })),
              }
            : {}),
          refusal: null,
          annotations: [],
        },
        logprobs: null,
        finish_reason: plan.finishReason,
      },
    ],
    usage: plan.usage,
    service_tier: 'default',
    system_fingerprint: SYSTEM_FINGERPRINT,
  };
}
