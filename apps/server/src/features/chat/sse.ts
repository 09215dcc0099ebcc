import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDeltaFrame } from './delta-frame.js';
import type { JobFrame } from './generation-job.js';

/** Joins a job (local or remote) after `afterSeq`; returns the function that leaves it. */
export type Subscribe = (afterSeq: number, onFrame: (frame: JobFrame) => void, onEnd: () => void) => () => void;

const HEARTBEAT_MS = 15_000;

/**
 * Deltas to one client leave at most this often; the first one (time to first token) and
 * every other frame leave at once. Tokens come every 10-30 ms, so a write carries one to four
 * of them: half the syscalls and client wakeups of a write per token, with updates still far
 * faster than a reader can follow (and fewer re-renders of the growing markdown in browsers).
 */
export const DELTA_WRITE_GAP_MS = 40;

/**
 * Past this many clients streaming from this process, the gap grows in proportion (up to
 * MAX_DELTA_WRITE_GAP_MS): a busy server sends each client fewer, fuller writes rather than
 * falling behind on all of them. Every token still arrives; the first one still leaves at once.
 */
const STREAMS_AT_BASE_GAP = 200;
export const MAX_DELTA_WRITE_GAP_MS = 120;

export function deltaWriteGapMs(openStreams: number): number {
  return Math.min(MAX_DELTA_WRITE_GAP_MS, Math.max(DELTA_WRITE_GAP_MS, (DELTA_WRITE_GAP_MS * openStreams) / STREAMS_AT_BASE_GAP));
}

/** Clients this process is streaming to now. */
let openStreams = 0;

export function formatFrame(frame: JobFrame): string {
  return `id: ${frame.seq}\nevent: ${frame.event}\ndata: ${frame.data}\n\n`;
}

/**
 * Streams a job to one HTTP client from `afterSeq`. The client leaving only unsubscribes:
 * the job goes on and can be rejoined.
 */
export function streamJobToClient(
  request: FastifyRequest,
  reply: FastifyReply,
  streamId: string,
  subscribe: Subscribe,
  afterSeq: number,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Stream-Id': streamId,
  });
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  openStreams++;
  let closed = false;
  // Frames arriving in the same tick leave in one write, and deltas at most every deltaWriteGapMs.
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let lastWrite = 0;
  let sentDelta = false;
  /** Until subscribe returns, frames are the replay of what the job has: they leave in one write. */
  let replaying = true;
  const cancelFlush = () => {
    clearTimeout(timer);
    clearImmediate(immediate);
    timer = immediate = undefined;
  };
  const flush = () => {
    cancelFlush();
    if (pending && !res.writableEnded) {
      res.write(pending);
      lastWrite = performance.now();
    }
    pending = '';
  };
  const close = () => {
    if (closed) return;
    closed = true;
    openStreams--;
    clearInterval(heartbeat);
    cancelFlush();
    unsubscribe();
    // What is still pending leaves with the end of the response: one write, not two.
    if (!res.writableEnded) res.end(pending);
    pending = '';
  };
  const enqueue = (frame: JobFrame) => {
    pending += formatFrame(frame);
    // Frames relayed from another instance (Redis) do not say; their JSON does.
    const delta = frame.delta ?? isDeltaFrame(frame.data);
    if (replaying) {
      sentDelta ||= delta;
      return;
    }
    if (delta && !sentDelta) {
      // The first token leaves now, with whatever is pending (its run step), rather than after
      // the rest of this event-loop turn: it is what time to first token measures.
      sentDelta = true;
      return flush();
    }
    const wait = delta ? lastWrite + deltaWriteGapMs(openStreams) - performance.now() : 0;
    if (wait > 0) {
      if (!timer && !immediate) timer = setTimeout(flush, wait);
    } else if (!immediate) {
      clearTimeout(timer);
      timer = undefined;
      immediate = setImmediate(flush);
    }
  };
  let unsubscribe = () => {};
  unsubscribe = subscribe(afterSeq, enqueue, close);
  replaying = false;
  request.raw.on('close', close);
  if (closed) return unsubscribe();
  // The head leaves with the frames the job already has (a new chat's `created`, or a replay).
  if (pending) flush();
  else res.flushHeaders();
}

/** Parses Last-Event-ID (header or `lastEventId` query); anything odd means "from the start". */
export function readLastEventId(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  const n = raw === undefined ? 0 : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
