import { TIMING } from '@confab/shared';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { getAccessToken, refreshAccessToken } from './api-client';

/**
 * The chat stream client (ARCHITECTURE, "The chat stream"). A send is a POST answered with
 * Server-Sent Events, so EventSource (GET only, no headers) cannot be used: this reads the
 * body with fetch + ReadableStream and parses it with eventsource-parser.
 *
 * Every frame carries an SSE `id` (its sequence number in the server-side job). When the
 * connection drops before the terminal frame, the client rejoins the same job with
 * `GET /api/chat/stream/{streamId}` and `Last-Event-ID`, so the caller sees every frame
 * exactly once, whatever happens to the network.
 */

export interface StreamFrameEvent {
  /** Sequence number of the frame in its job. */
  id: number;
  /** `message` or `error`. */
  event: string;
  data: unknown;
}

export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

export interface ChatStreamOptions {
  /** How the stream starts: a POST of a new request, or rejoining a running job (reload). */
  start: { kind: 'post'; url: string; body: unknown } | { kind: 'resume'; streamId: string; lastEventId?: number };
  signal: AbortSignal;
  onFrame(frame: StreamFrameEvent): void;
  /** The job id, as soon as the response headers (or the `created` frame) name it. */
  onStreamId?(streamId: string): void;
  onConnectionState?(state: ConnectionState): void;
  /** No frame arrived within TIMING.streamConnectErrorMs of (re)connecting. */
  onSlowConnect?(): void;
  /** Reconnect attempts after a drop before giving up. Default 8 (about 30 s). */
  maxReconnects?: number;
  /** Injected in tests. */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export type StreamOutcome =
  /** The terminal frame (`final` or `event: error`) was delivered. */
  | { status: 'completed' }
  /** The caller aborted. */
  | { status: 'aborted' }
  /** The job is gone (expired or unknown): the stored messages are the truth now. */
  | { status: 'lost' };

/** An HTTP error answered before the stream opened (JSON `{code, message}`). */
export class StreamHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const parsed = typeof body === 'object' && body !== null ? (body as { code?: unknown; message?: unknown }) : {};
    super(typeof parsed.message === 'string' ? parsed.message : `Request failed with status ${status}`);
    this.name = 'StreamHttpError';
    this.status = status;
    this.code = typeof parsed.code === 'string' ? parsed.code : 'http_error';
    this.body = body;
  }
}

const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 3000, 5000, 5000, 8000];

export function resumeUrl(streamId: string): string {
  return `/api/chat/stream/${encodeURIComponent(streamId)}`;
}

/** A frame that ends the stream: `event: error`, or any data with `final: true`. */
export function isTerminalFrame(frame: StreamFrameEvent): boolean {
  if (frame.event === 'error') return true;
  return typeof frame.data === 'object' && frame.data !== null && (frame.data as { final?: unknown }).final === true;
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function parseData(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  return parseData(text);
}

/** Which frame id to resume after. Exposed for tests. */
export function createFrameTracker() {
  let lastId = 0;
  let streamId: string | null = null;
  let isDone = false;
  return {
    get lastId() {
      return lastId;
    },
    get streamId() {
      return streamId;
    },
    get isDone() {
      return isDone;
    },
    setStreamId(id: string) {
      streamId = id;
    },
    /** False for a frame already seen (a replay overlapping what was delivered). */
    accept(frame: StreamFrameEvent): boolean {
      if (isDone) return false;
      if (frame.id > 0 && frame.id <= lastId) return false;
      if (frame.id > 0) lastId = frame.id;
      if (isTerminalFrame(frame)) isDone = true;
      return true;
    },
  };
}

/**
 * Runs one chat stream to its terminal frame, reconnecting after drops. Resolves with the
 * outcome; rejects with StreamHttpError when the server refuses the request, or a network
 * error when the stream could not be (re)joined.
 */
export async function runChatStream(options: ChatStreamOptions): Promise<StreamOutcome> {
  const { signal } = options;
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const maxReconnects = options.maxReconnects ?? RECONNECT_DELAYS_MS.length;
  const tracker = createFrameTracker();
  let framesSeen = 0;
  if (options.start.kind === 'resume') {
    tracker.setStreamId(options.start.streamId);
    if (options.start.lastEventId) tracker.accept({ id: options.start.lastEventId, event: 'message', data: null });
  }
  const noteStreamId = (id: unknown) => {
    if (typeof id !== 'string' || !id || tracker.streamId === id) return;
    tracker.setStreamId(id);
    options.onStreamId?.(id);
  };

  // Counts from the first attempt without a frame: reconnect attempts that fail at once (the
  // server is down) do not restart it, so the notice shows 5.5 s after the drop, not after the
  // last of them (it had taken up to half a minute).
  let slowTimer: ReturnType<typeof setTimeout> | undefined;
  const armSlowTimer = () => {
    if (slowTimer !== undefined) return;
    slowTimer = setTimeout(() => {
      slowTimer = undefined;
      options.onSlowConnect?.();
    }, TIMING.streamConnectErrorMs);
  };
  const clearSlowTimer = () => {
    clearTimeout(slowTimer);
    slowTimer = undefined;
  };

  /** One HTTP request: the POST, or a GET that rejoins. Returns when its body ends. */
  const connect = async (isResume: boolean): Promise<'ended' | 'gone'> => {
    const send = (token: string | null) => {
      const headers = new Headers({ Accept: 'text/event-stream' });
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (isResume) {
        if (tracker.lastId > 0) headers.set('Last-Event-ID', String(tracker.lastId));
        return doFetch(resumeUrl(tracker.streamId ?? ''), {
          method: 'GET',
          headers,
          signal,
          credentials: 'same-origin',
          cache: 'no-store',
        });
      }
      const start = options.start as { url: string; body: unknown };
      headers.set('Content-Type', 'application/json');
      return doFetch(start.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(start.body),
        signal,
        credentials: 'same-origin',
      });
    };

    let response = await send(getAccessToken());
    if (response.status === 401) {
      // SPEC 4: a 401 on the stream refreshes the token and restarts the stream, once.
      const token = await refreshAccessToken();
      if (!token) throw new StreamHttpError(401, await readErrorBody(response));
      response = await send(token);
    }
    if (isResume && response.status === 404) return 'gone';
    if (!response.ok) throw new StreamHttpError(response.status, await readErrorBody(response));
    noteStreamId(response.headers.get('X-Stream-Id'));
    if (!response.body) throw new Error('The stream has no body');
    options.onConnectionState?.('open');

    const parser = createParser({
      onEvent(message: EventSourceMessage) {
        const frame: StreamFrameEvent = {
          id: message.id ? Number.parseInt(message.id, 10) || 0 : 0,
          event: message.event ?? 'message',
          data: parseData(message.data),
        };
        if (!tracker.accept(frame)) return;
        framesSeen++;
        clearSlowTimer();
        const data = frame.data as { created?: unknown; streamId?: unknown } | null;
        if (data && typeof data === 'object' && data.created === true) noteStreamId(data.streamId);
        options.onFrame(frame);
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      while (!tracker.isDone) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      if (tracker.isDone) await reader.cancel().catch(() => undefined);
      else reader.releaseLock();
    }
    return 'ended';
  };

  options.onConnectionState?.('connecting');
  armSlowTimer();
  let attempt = 0;
  let isResume = options.start.kind === 'resume';
  try {
    for (;;) {
      const seenBefore = framesSeen;
      try {
        const result = await connect(isResume);
        if (tracker.isDone) return { status: 'completed' };
        if (result === 'gone') return { status: 'lost' };
        // The body ended without a terminal frame: the connection dropped; rejoin below.
      } catch (err) {
        if (signal.aborted) return { status: 'aborted' };
        if (err instanceof StreamHttpError && !(isResume && err.status >= 500)) throw err;
        if (!tracker.streamId) throw err;
      }
      if (signal.aborted) return { status: 'aborted' };
      // A connection that delivered frames was healthy: the next drop starts the back-off anew.
      if (framesSeen > seenBefore) attempt = 0;
      if (!tracker.streamId || attempt >= maxReconnects) throw new Error('The connection to the stream was lost');
      options.onConnectionState?.('reconnecting');
      await sleep(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 1000, signal);
      if (signal.aborted) return { status: 'aborted' };
      attempt++;
      isResume = true;
      armSlowTimer();
    }
  } finally {
    clearSlowTimer();
  }
}
