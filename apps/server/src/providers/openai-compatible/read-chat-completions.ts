import { APICallError, type FinishReason as SdkFinishReason, type LanguageModelUsage } from 'ai';
import { createParser } from 'eventsource-parser';
import type { ModelStreamPart } from '../direct-stream.js';

/** The fields of a chat.completion.chunk this reader uses (the rest is ignored, as the SDK does). */
interface ChatCompletionChunk {
  choices?: {
    delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null } | null;
    finish_reason?: string | null;
  }[];
  usage?: {
    prompt_tokens?: number | null;
    completion_tokens?: number | null;
    total_tokens?: number | null;
    prompt_tokens_details?: { cached_tokens?: number | null } | null;
    completion_tokens_details?: { reasoning_tokens?: number | null } | null;
  } | null;
  error?: { message?: string; type?: string; code?: string | number } | null;
}

/** OpenAI's finish reasons in the AI SDK's words (what the rest of the adapter maps). */
function finishReasonOf(reason: string): SdkFinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    default:
      return 'unknown';
  }
}

/**
 * Reads a chat-completions event stream (`data: {chunk}` ... `data: [DONE]`) into the parts the
 * AI SDK's `doStream` yields: text and reasoning deltas, an error for an `{"error": ...}` chunk
 * or a line that is not JSON, and one finish with the usage of the last chunk that had it.
 * Plain Node stream and callbacks: the SDK's own reader runs each chunk through four web
 * streams and a schema, five times the CPU (bench/README.md).
 */
export async function* readChatCompletionChunks(
  body: AsyncIterable<Buffer>,
  url: string,
): AsyncIterable<ModelStreamPart> {
  let finishReason: SdkFinishReason = 'unknown';
  const usage: LanguageModelUsage = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };
  let ready: ModelStreamPart[] = [];
  let failed = false;

  const onChunk = (chunk: ChatCompletionChunk) => {
    if (chunk.error) {
      ready.push({
        type: 'error',
        error: new APICallError({
          message: chunk.error.message ?? 'The provider reported an error mid-stream',
          url,
          requestBodyValues: undefined,
          responseBody: JSON.stringify(chunk),
          isRetryable: false,
        }),
      });
      failed = true;
      return;
    }
    if (chunk.usage) {
      usage.inputTokens = chunk.usage.prompt_tokens ?? undefined;
      usage.outputTokens = chunk.usage.completion_tokens ?? undefined;
      usage.totalTokens = chunk.usage.total_tokens ?? undefined;
      usage.reasoningTokens = chunk.usage.completion_tokens_details?.reasoning_tokens ?? undefined;
      usage.cachedInputTokens = chunk.usage.prompt_tokens_details?.cached_tokens ?? undefined;
    }
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) finishReason = finishReasonOf(choice.finish_reason);
    const delta = choice.delta;
    if (!delta) return;
    // OpenAI-compatible servers name reasoning `reasoning_content` (most) or `reasoning` (gpt-oss).
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) ready.push({ type: 'reasoning-delta', delta: reasoning });
    if (delta.content) ready.push({ type: 'text-delta', delta: delta.content });
  };

  const parser = createParser({
    onEvent(event) {
      if (failed || event.data === '[DONE]') return;
      let chunk: ChatCompletionChunk;
      try {
        chunk = JSON.parse(event.data) as ChatCompletionChunk;
      } catch {
        ready.push({ type: 'error', error: new Error('The provider sent a stream chunk that is not JSON') });
        failed = true;
        return;
      }
      if (chunk && typeof chunk === 'object') onChunk(chunk);
    },
  });

  const decoder = new TextDecoder();
  for await (const bytes of body) {
    parser.feed(decoder.decode(bytes, { stream: true }));
    if (!ready.length) continue;
    const parts = ready;
    ready = [];
    for (const part of parts) yield part;
    if (failed) return;
  }
  yield { type: 'finish', finishReason, usage };
}
