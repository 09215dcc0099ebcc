import { NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { deltaText, finalFrame, readSse } from './sse-client.js';
import { DIALECTS, startTestServer, type TestServer } from './test-server.js';

/** Two instances behind one (imaginary) load balancer, sharing the database and Redis. */
const describeWithRedis = process.env.TEST_REDIS_URI ? describe : describe.skip;

describeWithRedis.each(DIALECTS)('scale-out with Redis [%s]', (dialect) => {
  let sim: OpenAISimulator;
  let a: TestServer;
  let b: TestServer;
  let client: TestClient;
  const text = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';

  beforeAll(async () => {
    sim = await startOpenAISimulator();
    const env = { OPENAI_API_KEY: 'sk', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false', LOGIN_MAX: '3' };
    a = await startTestServer({ dialect, env, redis: true });
    b = await startTestServer({ dialect, env, redis: true, sameDatabaseAs: a });
    client = new TestClient(a.baseUrl);
    await client.register();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await sim.close();
  });

  const startOnA = (until: (all: unknown[]) => boolean) =>
    readSse(`${a.baseUrl}/api/ask/openAI`, {
      token: client.token,
      body: { text: 'count', endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT },
      until: (_f, all) => until(all),
    });

  it('a stream started on A resumes on B with no gap and no duplicate', async () => {
    sim.enqueue({ text, chunkSize: 3, delayMs: 25 });
    const partial = await startOnA((all) => all.length >= 4);
    const { streamId } = partial.frames[0]!.data;
    const active = await new TestClient(b.baseUrl).request('GET', '/api/chat/active', undefined, { headers: { authorization: `Bearer ${client.token}` } });
    expect(active.json.jobs.map((j: { streamId: string }) => j.streamId)).toContain(streamId);
    const rest = await readSse(`${b.baseUrl}/api/chat/stream/${streamId}`, { token: client.token, lastEventId: partial.frames.at(-1)!.id });
    expect(rest.frames[0]!.id).toBe(partial.frames.at(-1)!.id + 1);
    expect(deltaText(partial.frames) + deltaText(rest.frames)).toBe(text);
    expect(finalFrame(rest.frames)!.data.responseMessage.text).toBe(text);
  });

  it('a finished stream replays from B as its first and final frames, the deltas between them dropped', async () => {
    sim.enqueue({ text, chunkSize: 3, delayMs: 25 });
    const whole = await startOnA(() => false);
    const { streamId } = whole.frames[0]!.data;
    const last = whole.frames.at(-1)!;
    // Deltas to drop: the server joins tokens that reach it together, so how many varies.
    expect(whole.frames.filter((f) => f.data.event === 'on_message_delta').length).toBeGreaterThan(2);
    // Dropped two seconds after the end (an instance following the job live reads every frame).
    let replay = await readSse(`${b.baseUrl}/api/chat/stream/${streamId}`, { token: client.token });
    for (let i = 0; i < 40 && replay.frames.length !== 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      replay = await readSse(`${b.baseUrl}/api/chat/stream/${streamId}`, { token: client.token });
    }
    expect(replay.frames.map((f) => f.id)).toEqual([1, last.id]);
    expect(replay.frames[0]!.data.created).toBe(true);
    expect(finalFrame(replay.frames)!.data.responseMessage.text).toBe(text);
  });

  it('B replays a stream from the start for a Last-Event-ID it never sent, once it knows every frame', async () => {
    sim.enqueue({ text, chunkSize: 3, delayMs: 15 });
    const whole = await startOnA(() => false);
    const { streamId } = whole.frames[0]!.data;
    const bogus = await readSse(`${b.baseUrl}/api/chat/stream/${streamId}`, { token: client.token, lastEventId: 999_999_999 });
    expect(bogus.frames[0]!.id).toBe(1);
    expect(finalFrame(bogus.frames)!.data.responseMessage.text).toBe(text);
  });

  it('an abort sent to B stops the job running on A and saves the partial reply', async () => {
    sim.enqueue({ text: 'word '.repeat(300), chunkSize: 5, delayMs: 10 });
    const partial = await startOnA((all) => all.length >= 3);
    const { streamId } = partial.frames[0]!.data;
    const viaB = new TestClient(b.baseUrl);
    viaB.token = client.token;
    const res = await viaB.post('/api/ask/openAI/abort', { abortKey: streamId });
    expect(res.status).toBe(200);
    expect(res.json.responseMessage.finish_reason).toBe('incomplete');
    expect(res.json.responseMessage.text.length).toBeLessThan(1500);
  });

  it('deleting on B a conversation whose reply runs on A stops that reply before the rows go', async () => {
    sim.enqueue({ text: 'word '.repeat(300), chunkSize: 5, delayMs: 10 });
    const partial = await startOnA((all) => all.length >= 3);
    const { streamId, conversationId } = partial.frames[0]!.data;
    const viaB = new TestClient(b.baseUrl);
    viaB.token = client.token;
    expect((await viaB.delete('/api/convos', { arg: { conversationId } })).status).toBe(200);
    expect((await viaB.get('/api/chat/active')).json.jobs.map((j: { streamId: string }) => j.streamId)).not.toContain(streamId);
    const stopped = await readSse(`${b.baseUrl}/api/chat/stream/${streamId}`, { token: client.token });
    expect(finalFrame(stopped.frames)!.data.responseMessage.finish_reason).toBe('incomplete');
    const left = await a.db.kysely.selectFrom('messages').select('message_id').where('conversation_id', '=', conversationId).execute();
    expect(left).toEqual([]);
  });

  it('login limits are shared: failures on A count on B', async () => {
    const { email, password } = await new TestClient(a.baseUrl).register();
    for (let i = 0; i < 3; i++) {
      expect((await new TestClient(a.baseUrl).post('/api/auth/login', { email, password: 'wrong password' })).status).toBe(404);
    }
    expect((await new TestClient(b.baseUrl).post('/api/auth/login', { email, password })).status).toBe(429);
  });

  it('another user cannot follow the stream from either instance', async () => {
    sim.enqueue({ text: 'private', delayMs: 20 });
    const { frames } = await startOnA(() => false);
    const other = new TestClient(b.baseUrl);
    await other.register();
    expect((await readSse(`${b.baseUrl}/api/chat/stream/${frames[0]!.data.streamId}`, { token: other.token })).status).toBe(404);
  });
});
