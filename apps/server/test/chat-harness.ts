import { NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { TestClient } from './http-client.js';
import { readSse } from './sse-client.js';
import type { Dialect } from '../src/db/database.js';
import { startTestServer, type TestServer } from './test-server.js';

export interface ChatHarness {
  readonly sim: OpenAISimulator;
  readonly server: TestServer;
  /** A registered user. */
  readonly client: TestClient;
  /** Sends a chat (openAI, gpt-4o-mini, a new conversation unless the body says otherwise) and reads its stream. */
  ask(body: Record<string, unknown>, path?: string, as?: TestClient): ReturnType<typeof readSse>;
}

/**
 * The chat integration suites' world for the enclosing describe block: the OpenAI simulator, the
 * server on the given dialect pointed at it (openAI, plus the custom endpoints "Simulator" and
 * "Titled", the latter with model-written titles), and a signed-in user. The simulator's queue is
 * reset before each test.
 */
export function useChatServer(dialect: Dialect): ChatHarness {
  let sim: OpenAISimulator | undefined;
  let server: TestServer | undefined;
  let client: TestClient | undefined;
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The chat server starts in beforeAll');
    return value;
  };

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' },
      config: {
        endpoints: {
          custom: [
            { name: 'Simulator', apiKey: 'sk-test', baseURL: sim.url, models: { default: ['sim-1'] } },
            { name: 'Titled', apiKey: 'sk-test', baseURL: sim.url, models: { default: ['sim-1'] }, titleConvo: true },
          ],
        },
      },
    });
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });
  beforeEach(() => sim?.reset());

  return {
    get sim() {
      return opened(sim);
    },
    get server() {
      return opened(server);
    },
    get client() {
      return opened(client);
    },
    ask(body, path = '/api/ask/openAI', as) {
      const user = as ?? opened(client);
      return readSse(opened(server).baseUrl + path, {
        token: user.token,
        body: { endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT, conversationId: null, ...body },
      });
    },
  };
}

/** How many conversations and messages are stored, to show a refused request stored nothing. */
export async function storedCounts(server: TestServer) {
  const c = await server.db.kysely.selectFrom('conversations').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const m = await server.db.kysely.selectFrom('messages').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { conversations: Number(c.n), messages: Number(m.n) };
}

/** Polls `check` every 20 ms until it holds, failing after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
