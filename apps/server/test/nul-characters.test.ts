import { NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { finalFrame, readSse } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/** PostgreSQL cannot store NUL characters; both dialects must refuse them the same clear way. */
describeEachDialect('NUL characters', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;
  let client: TestClient;
  let conversationId: string;

  beforeAll(async () => {
    sim = await startOpenAISimulator();
    server = await startTestServer({ dialect, env: { OPENAI_API_KEY: 'sk', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' } });
    client = new TestClient(server.baseUrl);
    await client.register();
    const { frames } = await readSse(`${server.baseUrl}/api/ask/openAI`, { token: client.token, body: { text: 'hi', endpoint: 'openAI', parentMessageId: NO_PARENT } });
    conversationId = finalFrame(frames)!.data.conversation.conversationId;
    // The title is set in the background after the first exchange; let it land first.
    await client.post('/api/convos/gen_title', { conversationId });
  });
  afterAll(async () => {
    await server.close();
    await sim.close();
  });

  it.each([
    ['a chat message', () => readSse(`${server.baseUrl}/api/ask/openAI`, { token: client.token, body: { text: 'a\u0000b', endpoint: 'openAI' } }).then((r) => ({ status: r.status, json: r.json }))],
    ['a registration name', () => new TestClient(server.baseUrl).post('/api/auth/register', { name: 'Bad\u0000Name', email: 'nul@example.com', password: 'password123', confirm_password: 'password123' })],
    ['a rename', () => client.post('/api/convos/update', { arg: { conversationId, title: 'x\u0000y' } })],
    ['a bookmark', () => client.post('/api/tags', { tag: 'x\u0000y' })],
    ['a path segment', () => client.get('/api/convos/%00')],
    ['a query string', () => client.get('/api/search?q=%00abc')],
  ])('in %s: 400, nothing stored', async (_label, send) => {
    const title = (await client.get(`/api/convos/${conversationId}`)).json.title;
    const before = await server.db.kysely.selectFrom('messages').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_error');
    const after = await server.db.kysely.selectFrom('messages').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await client.get(`/api/convos/${conversationId}`)).json.title).toBe(title);
  });
});
