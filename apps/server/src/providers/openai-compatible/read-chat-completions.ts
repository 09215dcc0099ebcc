import { APICallError } from '@ai-sdk/provider';
import type { FinishReason as SdkFinishReason, LanguageModelUsage } from 'ai';
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

/** Feeds a chat-completions event stream, as its bytes arrive, to `emit` as stream parts. */
export interface ChatCompletionsReader {
  /** One network read; false once the stream has failed (stop reading). */
  feed(bytes: Uint8Array): boolean;
  /** The body ended: emits the finish, unless the stream failed. */
  end(): void;
}

/**
 * Reads a chat-completions event stream (`data: {chunk}` ... `data: [DONE]`) into the parts the
 * AI SDK's `doStream` yields: text and reasoning deltas, an error for an `{"error": ...}` chunk
 * or a line that is not JSON, and one finish with the usage of the last chunk that had it.
 * Callbacks only: the SDK's own reader runs each chunk through four web streams and a schema,
 * five times the CPU (bench/README.md).
 */
export function createChatCompletionsReader(url: string, emit: (part: ModelStreamPart) => void): ChatCompletionsReader {
  let finishReason: SdkFinishReason = 'unknown';
  const usage: LanguageModelUsage = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };
  let failed = false;

  const onChunk = (chunk: ChatCompletionChunk) => {
    if (chunk.error) {
      failed = true;
      emit({
        type: 'error',
        error: new APICallError({
          message: chunk.error.message ?? 'The provider reported an error mid-stream',
          url,
          requestBodyValues: undefined,
          responseBody: JSON.stringify(chunk),
          isRetryable: false,
        }),
      });
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
    if (reasoning) emit({ type: 'reasoning-delta', delta: reasoning });
    if (delta.content) emit({ type: 'text-delta', delta: delta.content });
  };

  const parser = createParser({
    onEvent(event) {
      if (failed || event.data === '[DONE]') return;
      let chunk: ChatCompletionChunk;
      try {
        chunk = JSON.parse(event.data) as ChatCompletionChunk;
      } catch {
        failed = true;
        emit({ type: 'error', error: new Error('The provider sent a stream chunk that is not JSON') });
        return;
      }
      if (chunk && typeof chunk === 'object') onChunk(chunk);
    },
  });
  const decoder = new TextDecoder();

  return {
    feed(bytes) {
      if (!failed) parser.feed(decoder.decode(bytes, { stream: true }));
      return !failed;
    },
    end() {
      if (!failed) emit({ type: 'finish', finishReason, usage });
    },
  };
}

/** `createChatCompletionsReader` over a body read in this thread. */
export async function* readChatCompletionChunks(
  body: AsyncIterable<Uint8Array>,
  url: string,
): AsyncIterable<ModelStreamPart> {
  let ready: ModelStreamPart[] = [];
  const reader = createChatCompletionsReader(url, (part) => ready.push(part));
  for await (const bytes of body) {
    const reading = reader.feed(bytes);
    const parts = ready;
    ready = [];
    for (const part of parts) yield part;
    if (!reading) return;
  }
  reader.end();
  yield* ready;
}
