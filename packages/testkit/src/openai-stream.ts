import type { ServerResponse } from 'node:http';
import { SYSTEM_FINGERPRINT, type CompletionPlan } from './openai-completion.js';
import { chunkText } from './provider-sim-server.js';
import { writeFrameStream, type StreamOutcome } from './provider-sim-stream.js';

export type { StreamOutcome } from './provider-sim-stream.js';

/** A stream being written; `cancel` stops it without a callback (used when the server closes). */
export interface StreamHandle {
  cancel(): void;
}

/**
 * Writes a plan as OpenAI's `chat.completion.chunk` SSE frames: the role chunk, reasoning and
 * content deltas, tool call deltas (a head with id and name, then the arguments JSON in pieces),
 * the finish chunk, the usage chunk (when `stream_options.include_usage`), then
 * `data: [DONE]`. Calls `onEnd` exactly once.
 *
 * Built for hundreds of concurrent streams: a frame is two constant strings around one
 * `JSON.stringify` of the slice, built when it is sent; one timer per stream at most, and nothing
 * runs after the client goes away (provider-sim-stream.ts).
 */
export function writeCompletionStream(
  res: ServerResponse,
  plan: CompletionPlan,
  onEnd: (outcome: StreamOutcome) => void,
): StreamHandle {
  const { chunkSize, reasoning, text } = plan;
  const head =
    `data: {"id":"${plan.id}","object":"chat.completion.chunk","created":${plan.created},` +
    `"model":${JSON.stringify(plan.model)},"service_tier":"default","system_fingerprint":"${SYSTEM_FINGERPRINT}",` +
    `"choices":[{"index":0,"delta":`;
  const usageNull = plan.includeUsage ? ',"usage":null' : '';
  const tail = `,"logprobs":null,"finish_reason":null}]${usageNull}}\n\n`;
  const reasoningChunks = Math.ceil(reasoning.length / chunkSize);
  // A pause splits the text there: the chunks before it end at that character, so a test sees
  // exactly the text up to it while the reply holds.
  const pauseIndex = plan.pauseAt ? Math.min(Math.max(0, plan.pauseAt.textIndex), text.length) : undefined;
  const chunksBeforePause = pauseIndex === undefined ? 0 : Math.ceil(pauseIndex / chunkSize);
  const textChunks =
    pauseIndex === undefined
      ? Math.ceil(text.length / chunkSize)
      : chunksBeforePause + Math.ceil((text.length - pauseIndex) / chunkSize);
  const textChunk = (i: number): string => {
    if (pauseIndex === undefined) return text.slice(i * chunkSize, (i + 1) * chunkSize);
    if (i < chunksBeforePause) return text.slice(i * chunkSize, Math.min((i + 1) * chunkSize, pauseIndex));
    const start = pauseIndex + (i - chunksBeforePause) * chunkSize;
    return text.slice(start, start + chunkSize);
  };
  // Tool calls are short; their frames are built ahead.
  const toolFrames = plan.toolCalls.flatMap((call, index) => {
    const toolCall = (fields: Record<string, unknown>): string =>
      `${head}${JSON.stringify({ tool_calls: [{ index, ...fields }] })}${tail}`;
    return [
      toolCall({ id: call.id, type: 'function', function: { name: call.name, arguments: '' } }),
      ...chunkText(call.argsJson, chunkSize).map((piece) => toolCall({ function: { arguments: piece } })),
    ];
  });

  const at = (index: number): string => {
    if (index < reasoningChunks) {
      const start = index * chunkSize;
      return `${head}{"content":null,"reasoning_content":${JSON.stringify(reasoning.slice(start, start + chunkSize))}}${tail}`;
    }
    if (index >= reasoningChunks + textChunks) return toolFrames[index - reasoningChunks - textChunks] ?? '';
    return `${head}{"content":${JSON.stringify(textChunk(index - reasoningChunks))}}${tail}`;
  };

  const closing = [`${head}{}${tail.replace('"finish_reason":null', `"finish_reason":"${plan.finishReason}"`)}`];
  if (plan.includeUsage) {
    closing.push(
      `data: {"id":"${plan.id}","object":"chat.completion.chunk","created":${plan.created},` +
        `"model":${JSON.stringify(plan.model)},"service_tier":"default","system_fingerprint":"${SYSTEM_FINGERPRINT}",` +
        `"choices":[],"usage":${JSON.stringify(plan.usage)}}\n\n`,
    );
  }
  closing.push('data: [DONE]\n\n');

  const cancel = writeFrameStream(
    res,
    {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-request-id': `req_${plan.id.slice(9)}`,
        'openai-version': '2020-10-01',
        'openai-processing-ms': String(plan.firstTokenDelayMs),
      },
      opening: [`${head}{"role":"assistant","content":"","refusal":null}${tail}`],
      chunks: { count: reasoningChunks + textChunks + toolFrames.length, at },
      closing,
      delayMs: plan.delayMs,
      firstTokenDelayMs: plan.firstTokenDelayMs,
      pause: plan.pauseAt ? { beforeChunk: reasoningChunks + chunksBeforePause, ms: plan.pauseAt.ms } : undefined,
      errorAt: plan.errorAt,
    },
    onEnd,
  );
  return { cancel };
}
