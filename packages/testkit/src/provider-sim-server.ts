import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAISimulatorStats, RecordedRequest } from './openai-types.js';
import { writeFrameStream, type FrameStreamPlan, type StreamOutcome } from './provider-sim-stream.js';

export type { Frame, FrameStreamPlan, StreamOutcome } from './provider-sim-stream.js';

/**
 * The plumbing the Anthropic, Google, Bedrock and Azure simulators share: an HTTP server that
 * records requests, a reply queue with a responder, and a frame writer with delays, drops and
 * stream counters. Each simulator adds only its vendor's routes, frames and error bodies.
 */

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** One request as a simulator handler sees it. */
export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  req: IncomingMessage;
  /** Parsed JSON; the raw text when it is not JSON; undefined without a body. */
  body: unknown;
  /** The body exactly as sent (signatures are computed over it). */
  raw: string;
  isJson: boolean;
}

/** A queue of scripted replies, then a responder, then the defaults. */
export interface ReplyQueue<R, Q> {
  enqueue(...replies: R[]): void;
  setResponder(fn: ((request: Q) => R | Promise<R>) | undefined): void;
  choose(request: Q): Promise<R>;
  reset(): void;
}

/** Overlays `reply` on `defaults`, ignoring fields the reply leaves undefined. */
function mergeReply<R extends object>(defaults: Partial<R>, reply: R): R {
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(reply)) if (value !== undefined) merged[key] = value;
  return merged as R;
}

export function createReplyQueue<R extends object, Q>(defaults: Partial<R>): ReplyQueue<R, Q> {
  const queue: R[] = [];
  let responder: ((request: Q) => R | Promise<R>) | undefined;
  return {
    enqueue: (...replies) => void queue.push(...replies),
    setResponder: (fn) => void (responder = fn),
    async choose(request) {
      const queued = queue.shift();
      if (queued) return mergeReply(defaults, queued);
      if (responder) return mergeReply(defaults, await responder(request));
      return mergeReply(defaults, {} as R);
    },
    reset() {
      queue.length = 0;
      responder = undefined;
    },
  };
}

/** Splits text into chunks of `size` characters (a rough token each). */
export function chunkText(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed) return;
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** A request's body as text, refused past MAX_BODY_BYTES. */
export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/**
 * Waits `ms` unless the client leaves first; resolves false when it left. The timer is kept in
 * `timers` meanwhile, so a closing simulator can clear it.
 */
export function waitUnlessClosed(res: ServerResponse, ms: number, timers: Set<NodeJS.Timeout>): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = (): void => {
      clearTimeout(timer);
      timers.delete(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      timers.delete(timer);
      res.off('close', onClose);
      resolve(!res.destroyed);
    }, ms);
    timers.add(timer);
    res.once('close', onClose);
  });
}

/**
 * Starts a simulator's HTTP server on `options.port` (0: any free one) of `options.host`
 * (127.0.0.1), with connections kept as long as clients such as undici keep theirs.
 */
export async function listenLocally(
  server: Server,
  options: { port?: number | undefined; host?: string | undefined },
): Promise<{ port: number; origin: string }> {
  // Clients such as undici keep connections for a while; outliving them avoids resets between requests.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { port: address.port, origin: `http://${host}:${address.port}` };
}

export interface SimServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  stats: OpenAISimulatorStats;
  /** Writes a streamed answer, counted in `stats`. */
  stream(res: ServerResponse, plan: FrameStreamPlan): void;
  /** Counts a stream written by another writer: `start` gets the end callback and returns a cancel function. */
  track(start: (onEnd: (outcome: StreamOutcome) => void) => () => void): void;
  /** Waits `ms` unless the client leaves first; resolves false when it left. */
  wait(res: ServerResponse, ms: number): Promise<boolean>;
  /** Clears the recorded requests and the finished counters. */
  reset(): void;
  close(): Promise<void>;
}

export interface SimServerOptions {
  port?: number | undefined;
  host?: string | undefined;
  recordRequests?: boolean | undefined;
  /** The body answered when a handler throws, in the vendor's error shape. */
  internalError: (message: string) => { status: number; body: unknown };
}

export async function startSimServer(
  options: SimServerOptions,
  handler: (request: SimRequest, res: ServerResponse) => Promise<void>,
): Promise<SimServer> {
  const streams = new Set<() => void>();
  const timers = new Set<NodeJS.Timeout>();
  const sim: SimServer = {
    origin: '',
    port: 0,
    requests: [],
    stats: { open: 0, aborted: 0, completed: 0, dropped: 0 },
    stream: (res, plan) => sim.track((onEnd) => writeFrameStream(res, plan, onEnd)),
    track(start) {
      sim.stats.open++;
      // A stream without delays ends inside `start`, before its cancel function is known.
      const handle: { cancel?: () => void; isEnded?: boolean } = {};
      handle.cancel = start((outcome) => {
        handle.isEnded = true;
        if (handle.cancel) streams.delete(handle.cancel);
        sim.stats.open--;
        sim.stats[outcome]++;
      });
      if (!handle.isEnded) streams.add(handle.cancel);
    },
    wait: (res, ms) => waitUnlessClosed(res, ms, timers),
    reset() {
      sim.requests.length = 0;
      Object.assign(sim.stats, { aborted: 0, completed: 0, dropped: 0 });
    },
    async close() {
      for (const cancel of streams) cancel();
      streams.clear();
      sim.stats.open = 0;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };

  const server = createServer((req, res) => {
    const run = async (): Promise<void> => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const method = req.method ?? 'GET';
      const raw = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
      let body: unknown;
      let isJson = true;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
          isJson = false;
        }
      }
      if (options.recordRequests !== false)
        sim.requests.push({ method, path: url.pathname, headers: req.headers, body });
      await handler({ method, path: url.pathname, query: url.searchParams, req, body, raw, isJson }, res);
    };
    run().catch((error: unknown) => {
      const { status, body } = options.internalError(error instanceof Error ? error.message : String(error));
      if (!res.headersSent) sendJson(res, status, body);
      else res.destroy();
    });
  });
  const { port, origin } = await listenLocally(server, options);
  Object.assign(sim, { port, origin });
  return sim;
}
