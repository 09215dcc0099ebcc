import { NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Dialect } from '../src/db/database.js';
import { ledgerSum, readCredits } from '../src/features/balance/ledger.js';
import { TestClient } from './http-client.js';
import { readSse } from './sse-client.js';
import { startTestServer, type TestServer } from './test-server.js';

export interface BalanceWorld {
  readonly sim: OpenAISimulator;
  readonly server: TestServer;
  /** A new signed-in user (the first one of a server is its ADMIN). */
  user(): Promise<{ client: TestClient; id: string }>;
  ask(client: TestClient, body?: Record<string, unknown>): ReturnType<typeof readSse>;
  /** The stored balance and the sum of the ledger, which must always be equal. */
  money(userId: string): Promise<{ credits: number | undefined; ledger: number }>;
  chatRequests(): number;
}

/** A server on the OpenAI simulator with the given `balance` and `pricing` config. */
export function useBalanceServer(dialect: Dialect, config: Record<string, unknown>): BalanceWorld {
  let sim: OpenAISimulator | undefined;
  let server: TestServer | undefined;
  const must = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The server starts in beforeAll');
    return value;
  };
  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' },
      config,
    });
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });
  beforeEach(() => sim?.reset());

  return {
    get sim() {
      return must(sim);
    },
    get server() {
      return must(server);
    },
    async user() {
      const client = new TestClient(must(server).baseUrl);
      const registered = await client.register();
      return { client, id: registered.user.id };
    },
    ask(client, body = {}) {
      return readSse(`${must(server).baseUrl}/api/ask/openAI`, {
        token: client.token,
        body: {
          text: 'Hello there',
          endpoint: 'openAI',
          model: 'gpt-4o-mini',
          parentMessageId: NO_PARENT,
          conversationId: null,
          ...body,
        },
      });
    },
    async money(userId) {
      const db = must(server).db.kysely;
      return { credits: await readCredits(db, userId), ledger: await ledgerSum(db, userId) };
    },
    chatRequests: () => must(sim).requests.filter((r) => r.path === '/v1/chat/completions').length,
  };
}
