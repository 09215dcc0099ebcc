import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { EVENTS_PER_MINUTE } from './events.routes.js';

describeEachDialect('analytics events', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    client = new TestClient(server.baseUrl);
    userId = (await client.register()).user.id;
  });
  afterAll(async () => {
    await server.close();
  });

  const rowsOf = (user: string) =>
    server.db.kysely
      .selectFrom('analytics_events')
      .selectAll()
      .where('user_id', '=', user)
      .orderBy('created_at')
      .execute();

  it('stores an event with its properties and answers 204', async () => {
    const res = await client.post('/api/events', {
      event: 'meme_expanded',
      properties: { is_expanded: true, from: 'grid' },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await client.post('/api/events', { event: 'meme_liked' })).toMatchObject({ status: 204 });

    const rows = await rowsOf(userId);
    expect(rows.map((r) => [r.event, JSON.parse(r.properties)])).toEqual([
      ['meme_expanded', { is_expanded: true, from: 'grid' }],
      ['meme_liked', {}],
    ]);
    expect(rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an unknown event, bad properties and a stranger', async () => {
    const unknown = await client.post('/api/events', { event: 'meme_eaten' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'validation_error', message: expect.stringMatching(/^event: /) });
    expect((await client.post('/api/events', { event: 'meme_liked', properties: { nested: { a: 1 } } })).status).toBe(
      400,
    );
    expect((await client.post('/api/events', { event: 'meme_liked', properties: {}, userId: 'someone' })).status).toBe(
      400,
    );
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    expect((await client.post('/api/events', { event: 'meme_liked', properties: many })).json.message).toMatch(
      /at most 20 properties/,
    );
    expect((await new TestClient(server.baseUrl).post('/api/events', { event: 'meme_liked' })).status).toBe(401);
  });

  it('limits how many events one user sends a minute, without holding others back', async () => {
    const flooder = new TestClient(server.baseUrl);
    const flooderId = (await flooder.register()).user.id;
    const answers = await Promise.all(
      Array.from({ length: EVENTS_PER_MINUTE }, () =>
        flooder.post('/api/events', { event: 'meme_downloaded', properties: { type: 'image' } }),
      ),
    );
    expect(answers.every((a) => a.status === 204)).toBe(true);

    const over = await flooder.post('/api/events', { event: 'meme_downloaded' });
    expect(over.status).toBe(429);
    expect(over.json.code).toBe('rate_limited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowsOf(flooderId)).toHaveLength(EVENTS_PER_MINUTE);

    const other = new TestClient(server.baseUrl);
    await other.register();
    expect((await other.post('/api/events', { event: 'chat_shared' })).status).toBe(204);
  });

  it("keeps a user's events when the account is deleted, without the user", async () => {
    const leaving = new TestClient(server.baseUrl);
    const leavingId = (await leaving.register()).user.id;
    await leaving.post('/api/events', { event: 'chat_deleted' });
    await server.db.kysely.deleteFrom('users').where('id', '=', leavingId).execute();
    const orphans = await server.db.kysely
      .selectFrom('analytics_events')
      .select('user_id')
      .where('event', '=', 'chat_deleted')
      .execute();
    expect(orphans).toEqual([{ user_id: null }]);
  });
});
