import { request, type Dispatcher } from 'undici';
import type { Readable } from 'node:stream';
import { assertPublicUrl } from '../../platform/egress.js';
import type { OpenStreamRequest } from './stream-reader-protocol.js';

/** What a chat-completions request answered: a successful event stream, or any other body read whole. */
export interface ChatCompletionsAnswer {
  status: number;
  headers: [string, string][];
  /** The successful event stream, for read-chat-completions.ts. */
  stream?: Readable | undefined;
  /** Any other body (failures are the SDK's to read). */
  text?: string | undefined;
}

/**
 * Sends a chat-completions request as the AI SDK built it, from whichever thread reads the
 * stream (the tap's own, or a stream reader thread). A user-supplied URL is checked first and
 * connected through `guardedDispatcher` (platform/egress.ts).
 */
export async function sendChatCompletionsRequest(
  req: OpenStreamRequest,
  signal: AbortSignal,
  guardedDispatcher: Dispatcher | undefined,
): Promise<ChatCompletionsAnswer> {
  if (req.userUrl) await assertPublicUrl(req.url);
  const res = await request(req.url, {
    method: 'POST',
    headers: req.headers,
    body: req.body,
    signal,
    ...(req.userUrl ? { dispatcher: guardedDispatcher } : {}),
  });
  const headers: [string, string][] = [];
  for (const [key, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.push([key, v]);
    else if (value !== undefined) headers.push([key, value]);
  }
  const isEventStream = String(res.headers['content-type'] ?? '').includes('text/event-stream');
  if (res.statusCode >= 200 && res.statusCode < 300 && isEventStream) return { status: res.statusCode, headers, stream: res.body };
  return { status: res.statusCode, headers, text: await res.body.text() };
}
