import type { Dispatcher } from 'undici';
import { requestUrl } from '../../platform/egress.js';
import { StreamTaken, type ModelStreamPart, type StreamTap } from '../direct-stream.js';
import { sendChatCompletionsRequest } from './chat-completions-request.js';
import { readChatCompletionChunks } from './read-chat-completions.js';
import { streamReaders, type PooledResponse } from './stream-reader-pool.js';
import type { OpenStreamRequest } from './stream-reader-protocol.js';

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => (record[key] = value));
  return record;
}

/** A fetch Response for the SDK to read; statuses that cannot carry a body get none. */
function response(text: string, status: number, pairs: [string, string][]): Response {
  const headers = new Headers();
  for (const [key, value] of pairs) headers.append(key, value);
  return new Response([101, 204, 205, 304].includes(status) ? null : text, { status, headers });
}

/**
 * The chat-completions transport of the OpenAI-compatible families (openAI, custom, Azure).
 * The AI SDK builds the request (model rules, auth, URL) and reads any failure as it always
 * does; when doStream's request succeeds with an event stream, the body is kept for our
 * reader (read-chat-completions.ts) and the SDK is told so with `StreamTaken`. The armed request runs on
 * a stream reader thread when there are any (stream-reader-pool.ts), else on this thread.
 * Requests it is not armed for (streamText with images, titles) go through `fallback` untouched.
 */
export class ChatCompletionsTap implements StreamTap {
  private armed = false;
  private taken: AsyncIterable<ModelStreamPart> | undefined;

  constructor(
    private readonly fallback: typeof fetch,
    /** For a base URL the user supplied: the egress-guarded connection pool (platform/egress.ts). */
    private readonly guardedDispatcher?: Dispatcher,
  ) {}

  arm(): void {
    this.armed = true;
    this.taken = undefined;
  }

  take(): AsyncIterable<ModelStreamPart> | undefined {
    this.armed = false;
    const taken = this.taken;
    this.taken = undefined;
    return taken;
  }

  /** The request sent and its stream read on this thread (no reader threads). */
  private async openHere(request: OpenStreamRequest, signal: AbortSignal): Promise<PooledResponse> {
    const res = await sendChatCompletionsRequest(request, signal, this.guardedDispatcher);
    const parts = res.stream ? readChatCompletionChunks(res.stream, request.url) : undefined;
    return { status: res.status, headers: res.headers, text: res.text, parts };
  }

  readonly fetch: typeof fetch = async (input, init) => {
    if (!this.armed) return this.fallback(input, init);
    this.armed = false;
    const url = requestUrl(input);
    const headers = headerRecord(init?.headers);
    const body = init?.body as string;
    const signal = init?.signal ?? new AbortController().signal;
    const request: OpenStreamRequest = { url, headers, body, userUrl: this.guardedDispatcher !== undefined };

    const pool = streamReaders();
    const res = pool ? await pool.open(request, signal) : await this.openHere(request, signal);
    if (res.parts) {
      this.taken = res.parts;
      throw new StreamTaken();
    }
    // Failures (and odd successes) are the SDK's to read, as with any fetch.
    return response(res.text ?? '', res.status, res.headers);
  };
}
