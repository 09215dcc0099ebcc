import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { seedConversation, snapshotTables } from '../conversations/test-seed.js';

describeEachDialect('tags', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  const enc = encodeURIComponent;
  const tagList = async (client = alice) => (await client.get('/api/tags')).json as any[];
  const names = async (client = alice) => (await tagList(client)).map((t) => t.tag);
  const conversationTags = async (id: string, client = alice) => (await client.get(`/api/convos/${id}`)).json.tags;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    // Fresh users per test: tags are per user and start with "Saved".
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    aliceId = (await alice.register()).user.id;
    bobId = (await bob.register()).user.id;
  });

  it('gives a new user the reserved "Saved" tag, in the LibreChat shape', async () => {
    const tags = await tagList();
    expect(tags).toEqual([
      { _id: expect.any(String), tag: 'Saved', count: 0, position: 0, user: aliceId, createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    expect(await names()).toEqual(['Saved']);
  });

  describe('create', () => {
    it('creates at the end, trimmed, and merges a repeated name into the existing tag', async () => {
      const created = await alice.post('/api/tags', { tag: '  Work  ', description: 'job stuff', user: bobId, count: 99 });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ tag: 'Work', description: 'job stuff', count: 0, position: 0, user: aliceId, alreadyExists: false });
      expect((await alice.post('/api/tags', { tag: 'Later' })).json.position).toBe(1);
      const again = await alice.post('/api/tags', { tag: 'Work', description: 'other' });
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ tag: 'Work', description: 'job stuff', alreadyExists: true, _id: created.json._id });
      // Alice had tags already, so no "Saved" is added.
      expect(await names()).toEqual(['Work', 'Later']);
    });

    it('adds the tag to a conversation when asked, counting it once', async () => {
      const { conversationId } = await seedConversation(server.db, aliceId);
      const res = await alice.post('/api/tags', { tag: 'Read later', addToConversation: true, conversationId });
      expect(res.json.count).toBe(1);
      expect(await conversationTags(conversationId)).toEqual(['Read later']);
      const merged = await alice.post('/api/tags', { tag: 'Read later', addToConversation: true, conversationId });
      expect(merged.json).toMatchObject({ count: 1, alreadyExists: true });
    });

    it.each([
      [{}], [{ tag: '' }], [{ tag: '   ' }], [{ tag: 'x'.repeat(129) }], [{ tag: 5 }], [{ tag: 'ok', description: 'd'.repeat(1049) }],
      [{ tag: 'ok', addToConversation: true }], [{ tag: 'ok', addToConversation: true, conversationId: 'nope' }],
    ])('refuses %j', async (body) => {
      const res = await alice.post('/api/tags', body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_error');
    });

    it('accepts the limits exactly', async () => {
      const res = await alice.post('/api/tags', { tag: 't'.repeat(128), description: 'd'.repeat(1048) });
      expect(res.status).toBe(201);
      // Even a 128-character name URL-encoded in the path (longer than Fastify's usual 100-character parameter).
      expect((await alice.put(`/api/tags/${enc('t'.repeat(128))}`, { description: 'short' })).json.description).toBe('short');
    });

    it("does not tag someone else's conversation", async () => {
      const { conversationId } = await seedConversation(server.db, aliceId);
      const before = await snapshotTables(server.db);
      const res = await bob.post('/api/tags', { tag: 'Mine now', addToConversation: true, conversationId });
      expect(res.status).toBe(404);
      expect(await snapshotTables(server.db)).toEqual(before);
    });
  });

  describe('update and delete', () => {
    it('renames a tag on every conversation that carries it, refusing a taken name', async () => {
      const a = await seedConversation(server.db, aliceId);
      const b = await seedConversation(server.db, aliceId);
      await alice.put(`/api/tags/convo/${a.conversationId}`, { tags: ['old name', 'other'] });
      await alice.put(`/api/tags/convo/${b.conversationId}`, { tags: ['old name'] });
      const renamed = await alice.put(`/api/tags/${enc('old name')}`, { tag: 'new/name %' });
      expect(renamed.status).toBe(200);
      expect(renamed.json).toMatchObject({ tag: 'new/name %', count: 2 });
      expect(await conversationTags(a.conversationId)).toEqual(['new/name %', 'other']);
      expect(await conversationTags(b.conversationId)).toEqual(['new/name %']);
      expect((await alice.get(`/api/convos?tags=${enc('new/name %')}`)).json.conversations).toHaveLength(2);
      const taken = await alice.put(`/api/tags/${enc('new/name %')}`, { tag: 'other' });
      expect(taken.status).toBe(409);
      expect(taken.json.message).toBe('tag must be unique');
      expect((await alice.put(`/api/tags/${enc('missing')}`, { tag: 'x' })).status).toBe(404);
    });

    it('moves a tag and shifts the others; unchanged values change nothing', async () => {
      for (const tag of ['A', 'B', 'C', 'D']) await alice.post('/api/tags', { tag });
      await alice.put('/api/tags/D', { position: 0 });
      expect(await names()).toEqual(['D', 'A', 'B', 'C']);
      await alice.put('/api/tags/D', { position: 2 });
      expect(await names()).toEqual(['A', 'B', 'D', 'C']);
      await alice.put('/api/tags/A', { position: 99 });
      expect((await tagList()).map((t) => [t.tag, t.position])).toEqual([['B', 0], ['D', 1], ['C', 2], ['A', 3]]);
      const before = (await tagList()).find((t) => t.tag === 'B');
      const same = await alice.put('/api/tags/B', { tag: 'B', position: 0 });
      expect(same.json.updatedAt).toBe(before.updatedAt);
      expect((await alice.put('/api/tags/B', { position: -1 })).status).toBe(400);
      expect((await alice.put('/api/tags/B', { tag: 'x'.repeat(129) })).status).toBe(400);
    });

    it('deletes a tag from every conversation and closes the gap', async () => {
      for (const tag of ['A', 'B', 'C']) await alice.post('/api/tags', { tag });
      const { conversationId } = await seedConversation(server.db, aliceId);
      await alice.put(`/api/tags/convo/${conversationId}`, { tags: ['A', 'B'] });
      const res = await alice.delete('/api/tags/A');
      expect(res.status).toBe(200);
      expect(res.json.tag).toBe('A');
      expect(await conversationTags(conversationId)).toEqual(['B']);
      expect((await tagList()).map((t) => [t.tag, t.position])).toEqual([['B', 0], ['C', 1]]);
      expect((await alice.delete('/api/tags/A')).status).toBe(404);
    });

    it("cannot rename, move or delete someone else's tag", async () => {
      await alice.post('/api/tags', { tag: 'Private' });
      const before = await snapshotTables(server.db);
      expect((await bob.put('/api/tags/Private', { tag: 'Hijacked', position: 0 })).status).toBe(404);
      expect((await bob.delete('/api/tags/Private')).status).toBe(404);
      expect(await snapshotTables(server.db)).toEqual(before);
    });
  });

  describe('conversation tags', () => {
    it('replaces the list, creating unknown tags and keeping counts right', async () => {
      const a = await seedConversation(server.db, aliceId);
      const b = await seedConversation(server.db, aliceId);
      const res = await alice.put(`/api/tags/convo/${a.conversationId}`, { tags: ['Saved', ' Fresh ', 'Saved'], tag: 'Fresh' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual(['Saved', 'Fresh']);
      await alice.put(`/api/tags/convo/${b.conversationId}`, { tags: ['Fresh'] });
      const counts = async () => Object.fromEntries((await tagList()).map((t) => [t.tag, t.count]));
      expect(await counts()).toEqual({ Saved: 1, Fresh: 2 });
      await alice.put(`/api/tags/convo/${a.conversationId}`, { tags: [] });
      expect(await counts()).toEqual({ Saved: 0, Fresh: 1 });
      // Tagging does not move a conversation in the sidebar.
      const updatedAt = (await alice.get(`/api/convos/${b.conversationId}`)).json.updatedAt;
      await alice.put(`/api/tags/convo/${b.conversationId}`, { tags: ['Saved'] });
      expect((await alice.get(`/api/convos/${b.conversationId}`)).json.updatedAt).toBe(updatedAt);
    });

    it.each([[{}], [{ tags: 'Saved' }], [{ tags: [''] }], [{ tags: ['x'.repeat(129)] }], [{ tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }]])(
      'refuses %j',
      async (body) => {
        const { conversationId } = await seedConversation(server.db, aliceId);
        expect((await alice.put(`/api/tags/convo/${conversationId}`, body)).status).toBe(400);
      },
    );

    it("cannot tag someone else's conversation, or one that does not exist", async () => {
      const { conversationId } = await seedConversation(server.db, aliceId);
      await alice.put(`/api/tags/convo/${conversationId}`, { tags: ['Saved'] });
      const before = await snapshotTables(server.db);
      expect((await bob.put(`/api/tags/convo/${conversationId}`, { tags: ['Bob'] })).status).toBe(404);
      expect((await bob.put(`/api/tags/convo/${randomUUID()}`, { tags: ['Bob'] })).status).toBe(404);
      expect((await bob.put('/api/tags/convo/not-an-id', { tags: ['Bob'] })).status).toBe(404);
      expect(await snapshotTables(server.db)).toEqual(before);
    });
  });

  it('rebuilds counts from the conversations, adding tags only conversations knew', async () => {
    await seedConversation(server.db, aliceId, { tags: ['Imported', 'Saved'] });
    await seedConversation(server.db, aliceId, { tags: ['Imported'] });
    const res = await alice.post('/api/tags/rebuild');
    expect(res.status).toBe(200);
    expect(res.json.map((t: any) => [t.tag, t.count])).toEqual([['Imported', 2], ['Saved', 1]]);
  });

  it('pages the tag list', async () => {
    for (const tag of ['b', 'a', 'c']) await alice.post('/api/tags', { tag });
    const page = await alice.get('/api/tags/list?pageNumber=2&pageSize=2&sort=tag&order=asc');
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ pageNumber: 2, pageSize: 2, totalCount: 3, totalPages: 2 });
    expect(page.json.tags.map((t: any) => t.tag)).toEqual(['c']);
    expect((await alice.get('/api/tags/list')).json.tags.map((t: any) => t.tag)).toEqual(['b', 'a', 'c']);
    for (const bad of ['pageNumber=0', 'pageSize=101', 'sort=rank', 'order=up']) expect((await alice.get(`/api/tags/list?${bad}`)).status).toBe(400);
  });

  it('needs BOOKMARKS USE: a role without it gets 403 everywhere', async () => {
    const row = await server.db.kysely.selectFrom('roles').select('permissions').where('name', '=', 'USER').executeTakeFirstOrThrow();
    const permissions = JSON.parse(row.permissions);
    const setUse = (use: boolean) =>
      server.db.kysely.updateTable('roles').set({ permissions: JSON.stringify({ ...permissions, BOOKMARKS: { USE: use } }) }).where('name', '=', 'USER').execute();
    await setUse(false);
    try {
      const { conversationId } = await seedConversation(server.db, aliceId);
      for (const [method, path, body] of [
        ['GET', '/api/tags'], ['GET', '/api/tags/list'], ['POST', '/api/tags', { tag: 'x' }], ['PUT', '/api/tags/Saved', { tag: 'y' }],
        ['DELETE', '/api/tags/Saved'], ['PUT', `/api/tags/convo/${conversationId}`, { tags: ['x'] }], ['POST', '/api/tags/rebuild'],
      ] as const) {
        const res = await alice.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json.code).toBe('forbidden');
      }
    } finally {
      await setUse(true);
    }
    expect((await alice.get('/api/tags')).status).toBe(200);
    expect((await new TestClient(server.baseUrl).get('/api/tags')).status).toBe(401);
  });
});
