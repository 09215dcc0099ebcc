import type { ServerResponse } from 'node:http';

export type Frame = string | Uint8Array;

/** A streamed answer: opening frames, counted content chunks, closing frames. */
export interface FrameStreamPlan {
  status?: number;
  headers: Record<string, string>;
  opening: Frame[];
  /**
   * The counted content chunks: a list, or their count and how to build one when it is sent (a
   * long reply to hundreds of clients is not built ahead).
   */
  chunks: Frame[] | { count: number; at(index: number): Frame };
  closing: Frame[];
  delayMs: number;
  firstTokenDelayMs: number;
  /** A longer hold (`ms`, instead of `delayMs`) before chunk `beforeChunk`. */
  pause?: { beforeChunk: number; ms: number } | undefined;
  /** Cut the connection after this many chunks, before the closing frames. */
  errorAt?: number | undefined;
}

export type StreamOutcome = 'completed' | 'aborted' | 'dropped';

/**
 * Writes a plan frame by frame; `onEnd` is called exactly once. Returns a cancel function that
 * stops it silently (used when the server closes).
 */
export function writeFrameStream(
  res: ServerResponse,
  plan: FrameStreamPlan,
  onEnd: (outcome: StreamOutcome) => void,
): () => void {
  const { chunks, delayMs, errorAt } = plan;
  const total = Array.isArray(chunks) ? chunks.length : chunks.count;
  const frameAt = Array.isArray(chunks)
    ? (index: number) => chunks[index] as Frame
    : (index: number) => chunks.at(index);
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
  const drop = (): void => {
    end('dropped');
    const { socket } = res;
    // Flush what was written, then cut without the chunked terminator: a body that stops mid-way.
    if (socket) socket.end(() => socket.destroy());
    else res.destroy();
  };
  const pump = (): void => {
    timer = undefined;
    if (isDone) return;
    res.cork();
    while (sent < total) {
      if (errorAt !== undefined && sent >= errorAt) {
        res.uncork();
        return drop();
      }
      const hasRoom = res.write(frameAt(sent++));
      const wait = sent === plan.pause?.beforeChunk ? plan.pause.ms : delayMs;
      if (wait > 0 && sent < total) {
        res.uncork();
        timer = setTimeout(pump, wait);
        return;
      }
      if (!hasRoom) {
        res.uncork();
        res.once('drain', pump);
        return;
      }
    }
    res.uncork();
    // errorAt at or beyond the last chunk still cuts the stream, before the closing frames.
    if (errorAt !== undefined) return drop();
    // The closing frames leave with the end of the response, in one write.
    res.cork();
    for (const frame of plan.closing) res.write(frame);
    end('completed');
    res.end();
  };
  const begin = (): void => {
    timer = undefined;
    if (isDone) return;
    for (const frame of plan.opening) res.write(frame);
    pump();
  };

  res.on('close', () => end('aborted'));
  res.writeHead(plan.status ?? 200, plan.headers);
  if (plan.firstTokenDelayMs > 0) {
    res.flushHeaders();
    timer = setTimeout(begin, plan.firstTokenDelayMs);
  } else {
    begin();
  }
  return () => {
    isDone = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
}
