import { request, type Dispatcher } from 'undici';
import { assertPublicUrl, requestUrl } from '../../platform/egress.js';
import { StreamTaken, type ModelStreamPart, type StreamTap } from '../direct-stream.js';
import { readChatCompletionChunks } from './read-chat-completions.js';
import { streamReaders } from './stream-reader-pool.js';

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => (record[key] = value));
  return record;
}

function toHeaders(pairs: Iterable<[string, string | string[] | undefined]>): Headers {
  const headers = new Headers();
  for (const [key, value] of pairs) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.append(key, value);
  }
  return headers;
}

/** A fetch Response; statuses that cannot carry a body get none. */
const response = (text: string, status: number, headers: Headers) =>
  new Response([101, 204, 205, 304].includes(status) ? null : text, { status, headers });

const isEventStream = (headers: Headers) => (headers.get('content-type') ?? '').includes('text/event-stream');

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

  readonly fetch: typeof fetch = async (input, init) => {
    if (!this.armed) return this.fallback(input, init);
    this.armed = false;
    const url = requestUrl(input);
    const headers = headerRecord(init?.headers);
    const body = init?.body as string;
    const signal = init?.signal ?? new AbortController().signal;
    const userUrl = this.guardedDispatcher !== undefined;

    const pool = streamReaders();
    if (pool) {
      const res = await pool.open({ url, headers, body, userUrl }, signal);
      if (res.parts) {
        this.taken = res.parts;
        throw new StreamTaken();
      }
      // Failures (and odd successes) are the SDK's to read, as with any fetch.
      return response(res.text ?? '', res.status, toHeaders(res.headers));
    }

    if (userUrl) await assertPublicUrl(url);
    const res = await request(url, {
      method: 'POST',
      headers,
      body,
      signal,
      ...(this.guardedDispatcher ? { dispatcher: this.guardedDispatcher } : {}),
    });
    const responseHeaders = toHeaders(Object.entries(res.headers));
    if (res.statusCode >= 200 && res.statusCode < 300 && isEventStream(responseHeaders)) {
      this.taken = readChatCompletionChunks(res.body, url);
      throw new StreamTaken();
    }
    return response(await res.body.text(), res.statusCode, responseHeaders);
  };
}
