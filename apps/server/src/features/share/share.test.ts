import { NO_PARENT } from '@confab/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { seedConversation, snapshotTables } from '../conversations/test-seed.js';
import { insertMessage } from '../messages/messages.repo.js';

const THREAD = [
  { key: 'q', text: 'What is a share?' },
  { key: 'a', parent: 'q', text: 'A public, read-only copy.', isCreatedByUser: false },
];

describeEachDialect('shared links', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let visitor: TestClient;
  let aliceId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    visitor = new TestClient(server.baseUrl);
    aliceId = (await alice.register()).user.id;
    await bob.register();
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a link once, shows it to a visitor without ids or owner, and only up to the cut-off', async () => {
    const s = await seedConversation(server.db, aliceId, { title: 'Shared chat', messages: THREAD });
    // A bodyless POST with a JSON content type, as some clients send it.
    const created = await alice.request('POST', `/api/share/${s.conversationId}`, undefined, { headers: { 'content-type': 'application/json' } });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      shareId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      conversationId: s.conversationId,
      title: 'Shared chat',
      isPublic: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const { shareId } = created.json;
    expect((await alice.post(`/api/share/${s.conversationId}`, {})).json.shareId).toBe(shareId);
    expect((await alice.get(`/api/share/link/${s.conversationId}`)).json).toEqual({ success: true, shareId, conversationId: s.conversationId });

    // Written after sharing: not part of the link.
    await insertMessage(server.db.kysely, {
      messageId: randomUUID(), conversationId: s.conversationId, userId: aliceId, parentMessageId: s.ids.a!, sender: 'User', text: 'after the share', isCreatedByUser: true, model: null, endpoint: 'openAI',
    });

    const page = await visitor.get(`/api/share/${shareId}`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ shareId, title: 'Shared chat', isPublic: true, createdAt: created.json.createdAt });
    const body = JSON.stringify(page.json);
    expect(body).not.toContain(s.conversationId);
    expect(body).not.toContain(aliceId);
    for (const id of Object.values(s.ids)) expect(body).not.toContain(id);
    expect(body).not.toContain('after the share');
    const [question, answer] = page.json.messages;
    expect(page.json.messages).toHaveLength(2);
    expect(question).toMatchObject({ text: 'What is a share?', parentMessageId: NO_PARENT, conversationId: page.json.conversationId });
    expect(answer.parentMessageId).toBe(question.messageId);
    expect(answer).not.toHaveProperty('usage');
    expect(answer).not.toHaveProperty('user');
    // Stable across reads.
    expect((await visitor.get(`/api/share/${shareId}`)).json.messages).toEqual(page.json.messages);
  });

  it('refresh gives a new id and a new cut-off; the old id stops working', async () => {
    const s = await seedConversation(server.db, aliceId, { title: 'Before', messages: THREAD.slice(0, 1) });
    const { shareId } = (await alice.post(`/api/share/${s.conversationId}`)).json;
    await insertMessage(server.db.kysely, {
      messageId: randomUUID(), conversationId: s.conversationId, userId: aliceId, parentMessageId: s.ids.q!, sender: 'AI', text: 'later reply', isCreatedByUser: false, model: null, endpoint: 'openAI',
    });
    await alice.post('/api/convos/update', { arg: { conversationId: s.conversationId, title: 'After' } });
    const refreshed = await alice.patch(`/api/share/${shareId}`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.json).toMatchObject({ conversationId: s.conversationId, title: 'After' });
    expect(refreshed.json.shareId).not.toBe(shareId);
    const old = await visitor.get(`/api/share/${shareId}`);
    expect(old.status).toBe(404);
    expect(old.json.code).toBe('not_found');
    const fresh = await visitor.get(`/api/share/${refreshed.json.shareId}`);
    expect(fresh.json.messages.map((m: any) => m.text)).toEqual(['What is a share?', 'later reply']);
    expect(fresh.json.title).toBe('After');
  });

  it('deletes a link; unknown, revoked and malformed ids are 404', async () => {
    const s = await seedConversation(server.db, aliceId, { messages: THREAD });
    const { shareId } = (await alice.post(`/api/share/${s.conversationId}`)).json;
    const res = await alice.delete(`/api/share/${shareId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, shareId, message: 'Share deleted successfully' });
    for (const id of [shareId, 'unknownShareId', 'bad$id', 'x'.repeat(65)]) {
      const got = await visitor.get(`/api/share/${encodeURIComponent(id)}`);
      expect(got.status, id).toBe(404);
      expect(got.json.code).toBe('not_found');
    }
    expect((await alice.delete(`/api/share/${shareId}`)).status).toBe(404);
    expect((await alice.patch(`/api/share/${shareId}`)).status).toBe(404);
    expect((await alice.get(`/api/share/link/${s.conversationId}`)).json).toEqual({ success: false, shareId: null, conversationId: s.conversationId });
  });

  it("shares, refreshes and deletes none of someone else's", async () => {
    const s = await seedConversation(server.db, aliceId, { messages: THREAD });
    const { shareId } = (await alice.post(`/api/share/${s.conversationId}`)).json;
    const before = await snapshotTables(server.db);
    for (const res of [
      await bob.post(`/api/share/${s.conversationId}`),
      await bob.patch(`/api/share/${shareId}`),
      await bob.delete(`/api/share/${shareId}`),
      await bob.post(`/api/share/${randomUUID()}`),
      await bob.post('/api/share/not-a-uuid'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('not_found');
    }
    expect((await bob.get(`/api/share/link/${s.conversationId}`)).json.success).toBe(false);
    expect((await bob.get('/api/share')).json.links).toEqual([]);
    expect(await snapshotTables(server.db)).toEqual(before);
    expect((await new TestClient(server.baseUrl).post(`/api/share/${s.conversationId}`)).status).toBe(401);
  });

  describe('list', () => {
    let owner: TestClient;
    beforeAll(async () => {
      owner = new TestClient(server.baseUrl);
      const { user } = await owner.register();
      for (const [i, title] of ['Charlie', 'alpha', 'Bravo', 'delta', 'Echo'].entries()) {
        const s = await seedConversation(server.db, user.id, { title, messages: [{ key: 'q', text: `about ${title.toLowerCase()} and kiwis` }] });
        const { shareId } = (await owner.post(`/api/share/${s.conversationId}`)).json;
        // Distinct creation times, so the expected order does not hang on the clock's resolution.
        await server.db.kysely.updateTable('shared_links').set({ created_at: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() }).where('share_id', '=', shareId).execute();
      }
    });

    it('pages newest first in the LibreChat shape', async () => {
      const first = await owner.get('/api/share?pageSize=2');
      expect(first.status).toBe(200);
      expect(first.json.links.map((l: any) => l.title)).toEqual(['Echo', 'delta']);
      expect(Object.keys(first.json.links[0]).sort()).toEqual(['conversationId', 'createdAt', 'isPublic', 'shareId', 'title']);
      expect(first.json.hasNextPage).toBe(true);
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const res: any = await owner.get(`/api/share?pageSize=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        titles.push(...res.json.links.map((l: any) => l.title));
        cursor = res.json.nextCursor;
        expect(res.json.hasNextPage).toBe(cursor !== null);
      } while (cursor);
      expect(titles).toEqual(['Echo', 'delta', 'Bravo', 'alpha', 'Charlie']);
      expect((await owner.get('/api/share')).json.links).toHaveLength(5);
    });

    it('sorts by title, filters by search and isPublic', async () => {
      expect((await owner.get('/api/share?sortBy=title&sortDirection=asc&pageSize=3')).json.links.map((l: any) => l.title)).toEqual(['Bravo', 'Charlie', 'Echo']);
      expect((await owner.get('/api/share?search=bravo')).json.links.map((l: any) => l.title)).toEqual(['Bravo']);
      expect((await owner.get('/api/share?search=kiwi')).json.links).toHaveLength(5);
      expect((await owner.get(`/api/share?search=${encodeURIComponent('"*(')}`)).json).toEqual({ links: [], nextCursor: null, hasNextPage: false });
      expect((await owner.get('/api/share?isPublic=true')).json.links).toHaveLength(5);
      expect((await owner.get('/api/share?isPublic=false')).json.links).toHaveLength(0);
    });

    it.each([['pageSize=0'], ['pageSize=101'], ['sortBy=rank'], ['sortDirection=up'], ['isPublic=maybe'], ['cursor=garbage']])('refuses %s', async (query) => {
      expect((await owner.get(`/api/share?${query}`)).status).toBe(400);
    });
  });
});

describeEachDialect('shared links configuration', (dialect) => {
  it('ALLOW_SHARED_LINKS=false turns every share route off', async () => {
    const server = await startTestServer({ dialect, env: { ALLOW_SHARED_LINKS: 'false' } });
    try {
      const client = new TestClient(server.baseUrl);
      const { user } = await client.register();
      const s = await seedConversation(server.db, user.id);
      for (const [method, path] of [
        ['POST', `/api/share/${s.conversationId}`], ['GET', '/api/share'], ['GET', `/api/share/link/${s.conversationId}`],
        ['GET', '/api/share/someShareId'], ['PATCH', '/api/share/someShareId'], ['DELETE', '/api/share/someShareId'],
      ] as const) {
        const res = await client.request(method, path);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json.message).toMatch(/disabled/);
      }
    } finally {
      await server.close();
    }
  });

  it('ALLOW_SHARED_LINKS_PUBLIC=false opens links to signed-in users only', async () => {
    const server = await startTestServer({ dialect, env: { ALLOW_SHARED_LINKS_PUBLIC: 'false' } });
    try {
      const owner = new TestClient(server.baseUrl);
      const { user } = await owner.register();
      const s = await seedConversation(server.db, user.id, { messages: THREAD });
      const { shareId } = (await owner.post(`/api/share/${s.conversationId}`)).json;
      expect((await new TestClient(server.baseUrl).get(`/api/share/${shareId}`)).status).toBe(401);
      const reader = new TestClient(server.baseUrl);
      await reader.register();
      expect((await reader.get(`/api/share/${shareId}`)).json.messages).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
