import type { ServerResponse } from 'node:http';
import { SYSTEM_FINGERPRINT, type CompletionPlan } from './openai-completion.js';

/** How a stream ended. */
export type StreamOutcome = 'completed' | 'aborted' | 'dropped';

/** A stream being written; `cancel` stops it without a callback (used when the server closes). */
export interface StreamHandle {
  cancel(): void;
}

/**
 * Writes a plan as OpenAI's `chat.completion.chunk` SSE frames: the role chunk, reasoning and
 * content deltas, the finish chunk, the usage chunk (when `stream_options.include_usage`), then
 * `data: [DONE]`. Calls `onEnd` exactly once.
 *
 * Built for hundreds of concurrent streams: a frame is two constant strings around one
 * `JSON.stringify` of the slice, one timer per stream at most, and nothing runs after the client
 * goes away (the timer is cleared on `close`).
 */
export function writeCompletionStream(
  res: ServerResponse,
  plan: CompletionPlan,
  onEnd: (outcome: StreamOutcome) => void,
): StreamHandle {
  const { chunkSize, delayMs, errorAt, reasoning, text } = plan;
  const head =
    `data: {"id":"${plan.id}","object":"chat.completion.chunk","created":${plan.created},` +
    `"model":${JSON.stringify(plan.model)},"service_tier":"default","system_fingerprint":"${SYSTEM_FINGERPRINT}",` +
    `"choices":[{"index":0,"delta":`;
  const usageNull = plan.includeUsage ? ',"usage":null' : '';
  const tail = `,"logprobs":null,"finish_reason":null}]${usageNull}}\n\n`;
  const reasoningChunks = Math.ceil(reasoning.length / chunkSize);
  const total = reasoningChunks + Math.ceil(text.length / chunkSize);

  let sent = 0;
  let isDone = false;
  let timer: NodeJS.Timeout | undefined;

  const end = (outcome: StreamOutcome): void => {
    if (isDone) return;
    isDone = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    onEnd(outcome);
  };

  const frameAt = (index: number): string => {
    if (index < reasoningChunks) {
      const start = index * chunkSize;
      return `${head}{"content":null,"reasoning_content":${JSON.stringify(reasoning.slice(start, start + chunkSize))}}${tail}`;
    }
    const start = (index - reasoningChunks) * chunkSize;
    return `${head}{"content":${JSON.stringify(text.slice(start, start + chunkSize))}}${tail}`;
  };

  const drop = (): void => {
    end('dropped');
    const { socket } = res;
    // Flush what was written (Node corks the socket until the next tick), then cut the
    // connection without the chunked terminator: the client sees a body that stops mid-way.
    if (socket) socket.end(() => socket.destroy());
    else res.destroy();
  };

  const finish = (): void => {
    let frames = `${head}{}${tail.replace('"finish_reason":null', `"finish_reason":"${plan.finishReason}"`)}`;
    if (plan.includeUsage) {
      frames +=
        `data: {"id":"${plan.id}","object":"chat.completion.chunk","created":${plan.created},` +
        `"model":${JSON.stringify(plan.model)},"service_tier":"default","system_fingerprint":"${SYSTEM_FINGERPRINT}",` +
        `"choices":[],"usage":${JSON.stringify(plan.usage)}}\n\n`;
    }
    frames += 'data: [DONE]\n\n';
    end('completed');
    res.end(frames);
  };

  const pump = (): void => {
    timer = undefined;
    if (isDone) return;
    // Batch a burst into one socket write; uncorked before every return.
    res.cork();
    while (sent < total) {
      if (errorAt !== undefined && sent >= errorAt) {
        res.uncork();
        drop();
        return;
      }
      const hasRoom = res.write(frameAt(sent++));
      if (delayMs > 0 && sent < total) {
        res.uncork();
        timer = setTimeout(pump, delayMs);
        return;
      }
      if (!hasRoom) {
        res.uncork();
        res.once('drain', pump);
        return;
      }
    }
    res.uncork();
    // errorAt at or beyond the last chunk still cuts the stream, before the finish chunk.
    if (errorAt !== undefined) drop();
    else finish();
  };

  const begin = (): void => {
    timer = undefined;
    if (isDone) return;
    res.write(`${head}{"role":"assistant","content":"","refusal":null}${tail}`);
    pump();
  };

  res.on('close', () => end('aborted'));
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': `req_${plan.id.slice(9)}`,
    'openai-version': '2020-10-01',
    'openai-processing-ms': String(plan.firstTokenDelayMs),
  });
  if (plan.firstTokenDelayMs > 0) {
    res.flushHeaders();
    timer = setTimeout(begin, plan.firstTokenDelayMs);
  } else {
    begin();
  }

  return {
    cancel: () => {
      isDone = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
