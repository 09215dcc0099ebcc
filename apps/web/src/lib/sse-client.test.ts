import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./api-client', () => ({
  getAccessToken: vi.fn(() => 'old-token'),
  refreshAccessToken: vi.fn(async () => 'new-token'),
}));

const { runChatStream, StreamHttpError } = await import('./sse-client');
const { refreshAccessToken } = await import('./api-client');

type Frame = { id: number; event?: string; data: unknown };

function sse(frames: Frame[]): string {
  return frames.map((f) => `id: ${f.id}\nevent: ${f.event ?? 'message'}\ndata: ${JSON.stringify(f.data)}\n\n`).join('');
}

/** A streamed response whose body is cut in odd places, like a real network would. */
function streamResponse(body: string, headers: Record<string, string> = {}): Response {
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream', ...headers } });
}

const created: Frame = {
  id: 1,
  data: { created: true, streamId: 'job-1', conversationId: 'c', responseMessageId: 'r', message: {} },
};
const delta = (id: number, text: string): Frame => ({
  id,
  data: { event: 'on_message_delta', data: { id: 'r', delta: { content: [{ type: 'text', text }] } } },
});
const final: Frame = { id: 6, data: { final: true, requestMessage: {}, responseMessage: {} } };
const noSleep = async () => undefined;

describe('runChatStream', () => {
  beforeEach(() => vi.mocked(refreshAccessToken).mockClear());

  it('rejoins a dropped stream from the last event id, with no gap and no duplicate', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      // First: the POST delivers three frames and the connection drops (no final).
      if (calls.length === 1)
        return streamResponse(sse([created, delta(2, 'Hel'), delta(3, 'lo')]), { 'X-Stream-Id': 'job-1' });
      // Then the rejoin replays from after 3 (the server may overlap; the client must not repeat).
      return streamResponse(sse([delta(3, 'lo'), delta(4, ', '), delta(5, 'world'), final]));
    });
    const frames: number[] = [];
    const outcome = await runChatStream({
      start: { kind: 'post', url: '/api/ask/openAI', body: { text: 'hi' } },
      signal: new AbortController().signal,
      onFrame: (f) => frames.push(f.id),
      fetchImpl: fetchImpl as typeof fetch,
      sleep: noSleep,
    });
    expect(outcome).toEqual({ status: 'completed' });
    expect(frames).toEqual([1, 2, 3, 4, 5, 6]);
    expect(calls[1]?.url).toBe('/api/chat/stream/job-1');
    expect(new Headers(calls[1]?.init.headers).get('Last-Event-ID')).toBe('3');
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer old-token');
  });

  it('refreshes the token once on a 401 and restarts the stream', async () => {
    let n = 0;
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      n++;
      if (n === 1) return new Response(JSON.stringify({ code: 'token_expired', message: 'expired' }), { status: 401 });
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer new-token');
      return streamResponse(sse([created, final]));
    });
    const outcome = await runChatStream({
      start: { kind: 'post', url: '/api/ask/openAI', body: {} },
      signal: new AbortController().signal,
      onFrame: () => undefined,
      fetchImpl: fetchImpl as typeof fetch,
      sleep: noSleep,
    });
    expect(outcome.status).toBe('completed');
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('rejects with the server error when the request is refused', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 'validation_error', message: 'Unknown endpoint: x' }), { status: 400 }),
    );
    const run = runChatStream({
      start: { kind: 'post', url: '/api/ask/x', body: {} },
      signal: new AbortController().signal,
      onFrame: () => undefined,
      fetchImpl: fetchImpl as typeof fetch,
      sleep: noSleep,
    });
    await expect(run).rejects.toBeInstanceOf(StreamHttpError);
    await expect(run).rejects.toMatchObject({ status: 400, code: 'validation_error', message: 'Unknown endpoint: x' });
  });

  it('reports a job that no longer exists as lost', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ code: 'not_found' }), { status: 404 }));
    const outcome = await runChatStream({
      start: { kind: 'resume', streamId: 'gone' },
      signal: new AbortController().signal,
      onFrame: () => undefined,
      fetchImpl: fetchImpl as typeof fetch,
      sleep: noSleep,
    });
    expect(outcome).toEqual({ status: 'lost' });
  });

  it('stops quietly when aborted', async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      controller.abort();
      throw Object.assign(new Error('aborted'), { name: 'AbortError', signal: init?.signal });
    });
    const outcome = await runChatStream({
      start: { kind: 'post', url: '/api/ask/openAI', body: {} },
      signal: controller.signal,
      onFrame: () => undefined,
      fetchImpl: fetchImpl as typeof fetch,
      sleep: noSleep,
    });
    expect(outcome).toEqual({ status: 'aborted' });
  });

  it('reports a slow connection 5.5 s after a drop while reconnect attempts keep failing', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const fetchImpl = vi.fn(async () => {
        n++;
        if (n === 1) return streamResponse(sse([created]));
        throw new TypeError('Failed to fetch');
      });
      const onSlowConnect = vi.fn();
      const controller = new AbortController();
      const run = runChatStream({
        start: { kind: 'post', url: '/api/ask/openAI', body: {} },
        signal: controller.signal,
        onFrame: () => undefined,
        onSlowConnect,
        fetchImpl: fetchImpl as typeof fetch,
        // Each failed attempt waits a second before the next: five of them inside the 5.5 s.
        sleep: (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 1000))),
        maxReconnects: 20,
      });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(n).toBeGreaterThan(3);
      expect(onSlowConnect).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(onSlowConnect).toHaveBeenCalledTimes(1);
      controller.abort();
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(run).resolves.toEqual({ status: 'aborted' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after the reconnect attempts when the job cannot be reached', async () => {
    let n = 0;
    const fetchImpl = vi.fn(async () => {
      n++;
      if (n === 1) return streamResponse(sse([created]));
      throw new TypeError('Failed to fetch');
    });
    const run = runChatStream({
      start: { kind: 'post', url: '/api/ask/openAI', body: {} },
      signal: new AbortController().signal,
      onFrame: () => undefined,
      fetchImpl: fetchImpl as typeof fetch,
      sleep: noSleep,
      maxReconnects: 3,
    });
    await expect(run).rejects.toThrow('The connection to the stream was lost');
    expect(n).toBe(4);
  });
});
