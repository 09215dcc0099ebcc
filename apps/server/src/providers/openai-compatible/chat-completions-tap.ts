import { request, type Dispatcher } from 'undici';
import { assertPublicUrl, requestUrl } from '../../platform/egress.js';
import type { ModelStreamPart, StreamTap } from '../direct-stream.js';
import { readChatCompletionChunks } from './read-chat-completions.js';

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => (record[key] = value));
  return record;
}

function responseHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * The chat-completions transport of the OpenAI-compatible families (openAI, custom, Azure).
 * The AI SDK builds the request (model rules, auth, URL) and reads any failure as it always
 * does; when doStream's request succeeds with an event stream, the body is kept for
 * `readChatCompletionChunks` and the SDK gets an empty one. Requests it is not armed for
 * (streamText with images, titles) go through `fallback` untouched.
 */
export class ChatCompletionsTap implements StreamTap {
  private armed = false;
  private taken: AsyncIterable<ModelStreamPart> | undefined;

  constructor(
    private readonly fallback: typeof fetch,
    private readonly transport: { dispatcher?: Dispatcher | undefined; checkUrl?: boolean } = {},
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
    if (this.transport.checkUrl) await assertPublicUrl(url);
    const res = await request(url, {
      method: 'POST',
      headers: headerRecord(init?.headers),
      body: init?.body as string,
      signal: init?.signal ?? undefined,
      ...(this.transport.dispatcher ? { dispatcher: this.transport.dispatcher } : {}),
    });
    const headers = responseHeaders(res.headers);
    const isStream = (headers.get('content-type') ?? '').includes('text/event-stream');
    if (res.statusCode >= 200 && res.statusCode < 300 && isStream) {
      this.taken = readChatCompletionChunks(res.body, url);
      return new Response('', { status: res.statusCode, headers });
    }
    // Failures (and odd successes) are the SDK's to read, as with any fetch.
    return new Response(await res.body.text(), { status: res.statusCode, headers });
  };
}
