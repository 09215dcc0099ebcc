import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { seedConversation } from '../conversations/test-seed.js';
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

  it("stores SPEC 7's beacon {type, chatId, metadata} and answers 204", async () => {
    const chatId = 'c0ffee00-0000-4000-8000-000000000001';
    const res = await client.post('/api/events', {
      type: 'meme_expanded',
      chatId,
      metadata: { is_expanded: true, from: 'grid' },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await client.post('/api/events', { type: 'meme_liked' })).toMatchObject({ status: 204 });
    expect(await client.post('/api/events', { type: 'regenerate_pressed', chatId: null })).toMatchObject({ status: 204 });

    const rows = await rowsOf(userId);
    expect(rows.map((r) => [r.event, r.chat_id, JSON.parse(r.properties)])).toEqual([
      ['meme_expanded', chatId, { is_expanded: true, from: 'grid' }],
      ['meme_liked', null, {}],
      ['regenerate_pressed', null, {}],
    ]);
    expect(rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('still takes the earlier {event, properties} body from tabs opened before the upgrade', async () => {
    const earlier = new TestClient(server.baseUrl);
    const earlierId = (await earlier.register()).user.id;
    expect((await earlier.post('/api/events', { event: 'meme_downloaded', properties: { type: 'image' } })).status).toBe(204);
    expect((await rowsOf(earlierId)).map((r) => [r.event, JSON.parse(r.properties)])).toEqual([
      ['meme_downloaded', { type: 'image' }],
    ]);
  });

  it('refuses an unknown type, bad fields and a stranger, storing nothing', async () => {
    const stranger = new TestClient(server.baseUrl);
    const strangerId = (await stranger.register()).user.id;
    const unknown = await stranger.post('/api/events', { type: 'meme_eaten', chatId: 'c1', metadata: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'validation_error', message: expect.stringMatching(/^type: /) });
    expect((await stranger.post('/api/events', {})).json.message).toMatch(/^type: /);
    for (const body of [
      { type: 'meme_liked', metadata: { nested: { a: 1 } } },
      { type: 'meme_liked', userId: 'someone' },
      { type: 'meme_liked', chatId: '../../etc/passwd' },
      { type: 'meme_liked', chatId: 'x'.repeat(65) },
      { type: 'meme_liked', chatId: 42 },
    ]) {
      expect((await stranger.post('/api/events', body)).status, JSON.stringify(body)).toBe(400);
    }
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    expect((await stranger.post('/api/events', { type: 'meme_liked', metadata: many })).json.message).toMatch(
      /at most 20 metadata fields/,
    );
    expect(await rowsOf(strangerId)).toEqual([]);
    const signedOut = await new TestClient(server.baseUrl).post('/api/events', { type: 'meme_liked' });
    expect(signedOut.status).toBe(401);
  });

  it('records chat_shared when a share link is made, once per link', async () => {
    const sharer = new TestClient(server.baseUrl);
    const sharerId = (await sharer.register()).user.id;
    const { conversationId } = await seedConversation(server.db, sharerId, {
      title: 'Shared',
      messages: [
        { key: 'q', text: 'hello', isCreatedByUser: true },
        { key: 'a', parent: 'q', text: 'hi' },
      ],
    });
    expect((await sharer.post(`/api/share/${conversationId}`)).status).toBe(200);
    // Asking again answers the same link: no second event.
    expect((await sharer.post(`/api/share/${conversationId}`)).status).toBe(200);
    expect((await rowsOf(sharerId)).map((r) => [r.event, r.chat_id])).toEqual([['chat_shared', conversationId]]);
    // A refused share (not the caller's conversation) records nothing.
    const other = new TestClient(server.baseUrl);
    const otherId = (await other.register()).user.id;
    expect((await other.post(`/api/share/${conversationId}`)).status).toBe(404);
    expect(await rowsOf(otherId)).toEqual([]);
  });

  it('limits how many events one user sends a minute, without holding others back', async () => {
    const flooder = new TestClient(server.baseUrl);
    const flooderId = (await flooder.register()).user.id;
    const answers = await Promise.all(
      Array.from({ length: EVENTS_PER_MINUTE }, () =>
        flooder.post('/api/events', { type: 'meme_downloaded', metadata: { type: 'image' } }),
      ),
    );
    expect(answers.every((a) => a.status === 204)).toBe(true);

    const over = await flooder.post('/api/events', { type: 'meme_downloaded' });
    expect(over.status).toBe(429);
    expect(over.json.code).toBe('rate_limited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowsOf(flooderId)).toHaveLength(EVENTS_PER_MINUTE);

    const other = new TestClient(server.baseUrl);
    await other.register();
    expect((await other.post('/api/events', { type: 'chat_shared' })).status).toBe(204);
  });

  it("keeps a user's events when the account is deleted, without the user", async () => {
    const leaving = new TestClient(server.baseUrl);
    const leavingId = (await leaving.register()).user.id;
    await leaving.post('/api/events', { type: 'chat_deleted' });
    await server.db.kysely.deleteFrom('users').where('id', '=', leavingId).execute();
    const orphans = await server.db.kysely
      .selectFrom('analytics_events')
      .select('user_id')
      .where('event', '=', 'chat_deleted')
      .execute();
    expect(orphans).toEqual([{ user_id: null }]);
  });
});
