import { NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from './chat-harness.js';
import { TestClient } from './http-client.js';
import { readSse, type SseOptions } from './sse-client.js';
import { DIALECTS, startTestServer, type TestServer } from './test-server.js';

/**
 * LibreChat's message limits (LIMIT_CONCURRENT_MESSAGES, LIMIT_MESSAGE_IP, LIMIT_MESSAGE_USER):
 * SPEC 8's `concurrent` and `message_limit` errors, their violations and the bans they lead to,
 * on one instance and across two sharing Redis. Each test sends from its own address (the
 * servers trust X-Forwarded-For) and its own users, so their counts never meet.
 */
const LIMITS = {
  OPENAI_API_KEY: 'sk-test',
  TITLE_CONVO: 'false',
  TRUST_PROXY: 'true',
  LIMIT_CONCURRENT_MESSAGES: 'true',
  CONCURRENT_MESSAGE_MAX: '1',
  LIMIT_MESSAGE_IP: 'true',
  MESSAGE_IP_MAX: '3',
  MESSAGE_IP_WINDOW: '1',
  LIMIT_MESSAGE_USER: 'true',
  MESSAGE_USER_MAX: '2',
  MESSAGE_USER_WINDOW: '5',
  BAN_VIOLATIONS: 'true',
  BAN_INTERVAL: '3',
};

const concurrentBody = { code: 'concurrent', type: 'concurrent', limit: 1, text: '{"type":"concurrent","limit":1}' };
const messageLimitBody = (limiter: 'ip' | 'user', max: number, windowInMinutes: number) => ({
  code: 'message_limit',
  type: 'message_limit',
  max,
  limiter,
  windowInMinutes,
  text: JSON.stringify({ type: 'message_limit', max, limiter, windowInMinutes }),
});

const octet = () => 1 + Math.floor(Math.random() * 254);
/** An address of its own for one test (random: Redis keeps the windows across runs), as the trusted proxy reports it. */
const freshIp = () => `10.${octet()}.${octet()}.${octet()}`;

function sender(ip: string) {
  return {
    /** Sends a new chat and reads its stream (to the end, or until `until`). */
    ask(server: TestServer, user: TestClient, until?: SseOptions['until']) {
      return readSse(`${server.baseUrl}/api/ask/openAI`, {
        token: user.token,
        headers: { 'x-forwarded-for': ip },
        body: { text: 'hello', endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT, conversationId: null },
        until,
      });
    },
    post(server: TestServer, user: TestClient, path: string, body: unknown) {
      return new TestClient(server.baseUrl).post(path, body, {
        headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': ip },
      });
    },
  };
}

async function newUser(server: TestServer): Promise<{ client: TestClient; id: string }> {
  const client = new TestClient(server.baseUrl);
  const { user } = await client.register();
  return { client, id: user.id };
}

const violationsOf = (server: TestServer, userId: string) =>
  server.db.kysely.selectFrom('violations').select(['type', 'ip', 'details']).where('user_id', '=', userId).execute();

/** Starts a reply that pauses after its first words, and reads it until they arrive (the provider is answering). */
async function startSlowReply(sim: OpenAISimulator, server: TestServer, user: TestClient, ip: string) {
  sim.enqueue({ text: 'slow reply that takes its time', chunkSize: 4, pauseAt: { textIndex: 8, ms: 60_000 } });
  const partial = await sender(ip).ask(server, user, (frame) => frame.data.event === 'on_message_delta');
  return partial.frames[0]!.data.streamId as string;
}

describe.each(DIALECTS)('message limits [%s]', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({ dialect, env: { ...LIMITS, OPENAI_REVERSE_PROXY: sim.url } });
  });
  afterAll(async () => {
    await server.close();
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('holds one running reply per user: a second send is refused with `concurrent` until the first ends or is stopped', async () => {
    const ip = freshIp();
    const { client, id } = await newUser(server);
    const streamId = await startSlowReply(sim, server, client, ip);
    const refused = await sender(ip).ask(server, client);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject(concurrentBody);
    // Refused before anything was stored: only the running exchange is there.
    const stored = await server.db.kysely.selectFrom('messages').select('message_id').where('user_id', '=', id).execute();
    expect(stored).toHaveLength(2);
    expect((await violationsOf(server, id)).map((v) => v.type)).toEqual(['concurrent']);

    // Stopped: the slot is free again.
    const stop = await sender(ip).post(server, client, '/api/ask/openAI/abort', { abortKey: streamId, endpoint: 'openAI' });
    expect(stop.status).toBe(200);
    const next = await sender(ip).ask(server, client);
    expect(next.status).toBe(200);
    expect(next.frames.at(-1)!.data.final).toBe(true);
  });

  it('frees the slot when a reply ends, whether it succeeds or fails', async () => {
    const { client } = await newUser(server);
    const ip = freshIp();
    sim.enqueue({ error: { status: 400, message: 'bad request' } });
    const failed = await sender(ip).ask(server, client);
    expect(failed.frames.at(-1)!.event).toBe('error');
    const ok = await sender(ip).ask(server, client);
    expect(ok.status).toBe(200);
    expect(ok.frames.at(-1)!.data.final).toBe(true);
  });

  it('a send over the per-user window gets `message_limit` (user) with Retry-After, and counts as a violation', async () => {
    const ip = freshIp();
    const { client, id } = await newUser(server);
    for (let i = 0; i < 2; i++) expect((await sender(ip).ask(server, client)).status).toBe(200);
    const refused = await sender(ip).ask(server, client);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject(messageLimitBody('user', 2, 5));
    const again = await sender(ip).post(server, client, '/api/agents/chat', { text: 'x', endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await violationsOf(server, id)).toEqual([
      expect.objectContaining({ type: 'message_limit', ip }),
      expect.objectContaining({ type: 'message_limit', ip }),
    ]);
  });

  it('a send over the per-IP window gets `message_limit` (ip), whoever sends it', async () => {
    const ip = freshIp();
    const first = await newUser(server);
    const second = await newUser(server);
    for (const user of [first, first, second]) expect((await sender(ip).ask(server, user.client)).status).toBe(200);
    const refused = await sender(ip).ask(server, second.client);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject(messageLimitBody('ip', 3, 1));
    // Another address is not held by it.
    expect((await sender(freshIp()).ask(server, (await newUser(server)).client)).status).toBe(200);
  });

  it('violations add up to a ban (BAN_INTERVAL): the sessions end and sign-in is refused with 403', async () => {
    const ip = freshIp();
    const { client, id } = await newUser(server);
    const { email } = (await server.db.kysely.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow());
    for (let i = 0; i < 2; i++) await sender(ip).ask(server, client);
    for (let i = 0; i < 3; i++) expect((await sender(ip).ask(server, client)).status).toBe(429);
    const user = await server.db.kysely.selectFrom('users').select(['banned_until', 'ban_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.ban_reason).toBe('message_limit');
    expect(new Date(user.banned_until!).getTime()).toBeGreaterThan(Date.now());
    expect((await sender(ip).ask(server, client)).status).toBe(401);
    const signIn = await new TestClient(server.baseUrl).post('/api/auth/login', { email, password: 'correct horse battery' });
    expect(signIn.status).toBe(403);
  });

  it('records convo_access when a user reads or sends to another user\'s conversation, answering as for an unknown one', async () => {
    const owner = await newUser(server);
    const other = await newUser(server);
    const created = await sender(freshIp()).ask(server, owner.client);
    const conversationId = created.frames[0]!.data.conversationId as string;
    const unknownId = '5b2f0c1e-8d2a-4a4b-9a53-000000000000';

    const foreignRead = await other.client.get(`/api/messages/${conversationId}`);
    const unknownRead = await other.client.get(`/api/messages/${unknownId}`);
    expect(foreignRead.status).toBe(404);
    expect(foreignRead.json).toEqual(unknownRead.json);

    const ip = freshIp();
    const foreignSend = await sender(ip).post(server, other.client, '/api/ask/openAI', {
      text: 'mine now?', endpoint: 'openAI', model: 'gpt-4o-mini', conversationId, parentMessageId: NO_PARENT,
    });
    expect(foreignSend.status).toBe(404);
    await waitFor(async () => (await violationsOf(server, other.id)).length === 2);
    const rows = await violationsOf(server, other.id);
    expect(rows.map((v) => v.type)).toEqual(['convo_access', 'convo_access']);
    expect(rows.every((v) => JSON.parse(v.details).conversationId === conversationId)).toBe(true);
    expect(await violationsOf(server, owner.id)).toEqual([]);
    // The refused send gave its slot back.
    expect((await sender(ip).ask(server, other.client)).status).toBe(200);
  });
});

/** Two instances behind one (imaginary) load balancer, sharing the database and Redis. */
const describeWithRedis = process.env.TEST_REDIS_URI ? describe.each(DIALECTS) : describe.skip.each(DIALECTS);

describeWithRedis('message limits across two instances sharing Redis [%s]', (dialect) => {
  let sim: OpenAISimulator;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-test' });
    const env = { ...LIMITS, OPENAI_REVERSE_PROXY: sim.url };
    a = await startTestServer({ dialect, env, redis: true });
    b = await startTestServer({ dialect, env, redis: true, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('a reply running on A holds the slot for B; stopped through B, the slot is free on both', async () => {
    const ip = freshIp();
    const { client, id } = await newUser(a);
    const streamId = await startSlowReply(sim, a, client, ip);
    const refused = await sender(ip).ask(b, client);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject(concurrentBody);
    expect((await violationsOf(a, id)).map((v) => v.type)).toEqual(['concurrent']);
    expect((await sender(ip).post(b, client, '/api/ask/openAI/abort', { abortKey: streamId, endpoint: 'openAI' })).status).toBe(200);
    expect((await sender(ip).ask(b, client)).status).toBe(200);
  });

  it('the per-user and per-IP windows count the sends of both instances', async () => {
    const ip = freshIp();
    const first = await newUser(a);
    const second = await newUser(a);
    expect((await sender(ip).ask(a, first.client)).status).toBe(200);
    expect((await sender(ip).ask(b, first.client)).status).toBe(200);
    const userRefused = await sender(freshIp()).ask(a, first.client);
    expect(userRefused.status).toBe(429);
    expect(userRefused.json).toMatchObject(messageLimitBody('user', 2, 5));

    expect((await sender(ip).ask(b, second.client)).status).toBe(200);
    const ipRefused = await sender(ip).ask(a, second.client);
    expect(ipRefused.status).toBe(429);
    expect(ipRefused.json).toMatchObject(messageLimitBody('ip', 3, 1));
  });
});
