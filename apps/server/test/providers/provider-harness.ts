import { NO_PARENT } from '@confab/shared';
import type { Dialect } from '../../src/db/database.js';
import { TestClient } from '../http-client.js';
import { finalFrame, readSse, type SseFrame } from '../sse-client.js';
import { startTestServer, type TestServer } from '../test-server.js';

/** A real server on a real database with one registered user, for a family's integration test. */
export interface ProviderHarness {
  server: TestServer;
  client: TestClient;
  /** POSTs a chat message (new conversation unless the body says otherwise) and reads the SSE reply. */
  ask(body: Record<string, unknown>, path?: string): Promise<{ status: number; frames: SseFrame[]; json?: any }>;
  close(): Promise<void>;
}

export async function startProviderHarness(options: {
  dialect: Dialect;
  endpoint: string;
  env: Record<string, string>;
  config?: unknown;
}): Promise<ProviderHarness> {
  const server = await startTestServer({
    dialect: options.dialect,
    env: { TITLE_CONVO: 'false', ...options.env },
    config: options.config,
  });
  const client = new TestClient(server.baseUrl);
  await client.register();
  return {
    server,
    client,
    ask: (body, path = `/api/ask/${options.endpoint}`) =>
      readSse(server.baseUrl + path, {
        token: client.token,
        body: { text: 'Hello', endpoint: options.endpoint, parentMessageId: NO_PARENT, conversationId: null, ...body },
      }),
    close: () => server.close(),
  };
}

/** The SPEC 8 code and the rest of an error frame's JSON text, or undefined when the stream ended well. */
export function errorOf(frames: SseFrame[]): { type: string; message?: string; info?: unknown } | undefined {
  const last = frames.at(-1);
  return last?.event === 'error' ? JSON.parse(last.data.text) : undefined;
}

/** Reasoning carried by `on_reasoning_delta` frames. */
export function reasoningText(frames: SseFrame[]): string {
  return frames
    .filter((f) => f.data.event === 'on_reasoning_delta')
    .map((f) => f.data.data.delta.content.map((p: { think?: string }) => p.think ?? '').join(''))
    .join('');
}

/** The stored reply of a finished exchange, as GET /api/messages returns it. */
export async function storedReply(harness: ProviderHarness, frames: SseFrame[]): Promise<any> {
  const final = finalFrame(frames)?.data ?? frames.at(-1)?.data;
  const conversationId = final.conversation?.conversationId ?? final.conversationId;
  const messages = (await harness.client.get(`/api/messages/${conversationId}`)).json as any[];
  return messages.find((m) => !m.isCreatedByUser);
}
