import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { seedConversation } from '../conversations/test-seed.js';
import { updateMessage } from '../messages/messages.repo.js';

describeEachDialect('search', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  const search = (q: string, extra = '', client = alice) => client.get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
  const texts = (res: { json: { messages: { text: string }[] } }) => res.json.messages.map((m) => m.text);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    alice = new TestClient(server.baseUrl);
    bob = new TestClient(server.baseUrl);
    aliceId = (await alice.register()).user.id;
    bobId = (await bob.register()).user.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('is enabled, for signed-in users', async () => {
    expect((await alice.get('/api/search/enable')).json).toBe(true);
    expect((await new TestClient(server.baseUrl).get('/api/search/enable')).status).toBe(401);
    expect((await new TestClient(server.baseUrl).get('/api/search?q=x')).status).toBe(401);
  });

  describe('matching', () => {
    let recipes: { conversationId: string; ids: Record<string, string> };
    beforeAll(async () => {
      recipes = await seedConversation(server.db, aliceId, {
        title: 'Baking notes',
        messages: [
          { key: 'q', text: 'How do I bake sourdough bread?' },
          { key: 'a', parent: 'q', text: 'Feed the starter, then bake at 250 degrees.', isCreatedByUser: false },
          { key: 'u', parent: 'a', text: 'Un café à Tōkyō: 東京 は 素晴らしい' },
        ],
      });
      await seedConversation(server.db, aliceId, { title: 'Garden', messages: [{ key: 'q', text: 'When to plant tomatoes?' }] });
      await seedConversation(server.db, bobId, { title: 'Bob bakes', messages: [{ key: 'q', text: 'bob bakes sourdough bread too' }] });
    });

    it("finds the caller's messages with every word, as prefixes, marked as search results", async () => {
      const res = await search('Sour BREAD');
      expect(res.status).toBe(200);
      expect(texts(res)).toEqual(['How do I bake sourdough bread?']);
      const [hit] = res.json.messages;
      expect(hit).toMatchObject({ searchResult: true, title: 'Baking notes', conversationId: recipes.conversationId, messageId: recipes.ids.q, isCreatedByUser: true });
      expect(res.json.conversations.map((c: any) => c.conversationId)).toEqual([recipes.conversationId]);
      expect(res.json.nextCursor).toBeNull();
      expect(texts(await search('bake'))).toEqual(['Feed the starter, then bake at 250 degrees.', 'How do I bake sourdough bread?']);
      expect(texts(await search('250'))).toHaveLength(1);
    });

    it('never shows anyone else their messages', async () => {
      expect(texts(await search('bob'))).toEqual([]);
      expect(texts(await search('sourdough', '', bob))).toEqual(['bob bakes sourdough bread too']);
    });

    it('matches unicode words', async () => {
      expect(texts(await search('東京'))).toHaveLength(1);
      expect(texts(await search('café'))).toHaveLength(1);
      expect(texts(await search('tōkyō'))).toHaveLength(1);
    });

    it('adds title matches to the conversations of the first page', async () => {
      const res = await search('garden');
      expect(res.json.messages).toEqual([]);
      expect(res.json.conversations.map((c: any) => c.title)).toEqual(['Garden']);
    });

    it('never fails on hostile queries', async () => {
      const hostile = ['"', '""', '*', 'NEAR(bake bread, 2)', 'bake AND', 'OR', 'NOT bread', '(', ')', ':', 'text:bake', '^bake', "bake' OR '1'='1", '\\', '%', '_', '🍞', 'x'.repeat(10_000), 'a & b | !c <-> d', "'bake':*", 'ー', '²', '𝔘𝔫𝔦', '\u200b', 'é', 'שלום', 'x\u0301\u0301', '한국어', 'Ⅻ'];
      for (const q of hostile) {
        const res = await search(q);
        expect(res.status, q.slice(0, 40)).toBe(200);
        expect(Array.isArray(res.json.messages)).toBe(true);
      }
      // Bytes that are not UTF-8, and broken percent-escapes, straight in the URL.
      for (const raw of ['%ED%A0%80', '%FF%FE', '%', '%ZZ']) expect((await alice.get(`/api/search?q=${raw}`)).status, raw).toBeLessThan(500);
      // A NUL is refused everywhere, search included: PostgreSQL cannot take one.
      const nul = await search('\u0000');
      expect(nul.status).toBe(400);
      expect(nul.json.code).toBe('validation_error');
      expect(texts(await search('NEAR(bake bread, 2)'))).toEqual([]);
      expect(texts(await search('"bake"'))).toHaveLength(2);
      expect((await search('')).json).toEqual({ conversations: [], messages: [], nextCursor: null });
      expect((await alice.get('/api/search')).json.messages).toEqual([]);
    });

    it('refuses bad paging input', async () => {
      expect((await search('bake', '&limit=0')).status).toBe(400);
      expect((await search('bake', '&limit=101')).status).toBe(400);
      expect((await search('bake', '&cursor=garbage')).status).toBe(400);
      expect((await search('bake', '&limit=100')).status).toBe(200);
    });
  });

  it('pages newest first with a cursor, no gap and no repeat', async () => {
    const messages = Array.from({ length: 30 }, (_, i) => ({ key: `m${i}`, parent: i ? `m${i - 1}` : undefined, text: `pagination needle number ${i}` }));
    await seedConversation(server.db, aliceId, { title: 'Many', messages });
    const first = await search('needle');
    expect(first.json.messages).toHaveLength(25);
    expect(first.json.messages[0].text).toBe('pagination needle number 29');
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await search('needle', `&cursor=${encodeURIComponent(first.json.nextCursor)}`);
    expect(second.json.messages).toHaveLength(5);
    expect(second.json.nextCursor).toBeNull();
    const all = [...texts(first), ...texts(second)];
    expect(new Set(all).size).toBe(30);
    expect(second.json.conversations.map((c: any) => c.title)).toEqual(['Many']);
  });

  it('stays in step with every write: streaming updates, edits, renames and deletes', async () => {
    const s = await seedConversation(server.db, aliceId, { title: 'Sync check', messages: [{ key: 'q', text: 'zebra question' }, { key: 'a', parent: 'q', text: '', isCreatedByUser: false }] });
    // The chat writes a reply progressively through updateMessage.
    await updateMessage(server.db.kysely, aliceId, s.ids.a!, { text: 'partial giraffe' });
    expect(texts(await search('giraffe'))).toEqual(['partial giraffe']);
    await updateMessage(server.db.kysely, aliceId, s.ids.a!, { text: 'complete okapi reply' });
    expect(texts(await search('giraffe'))).toEqual([]);
    expect(texts(await search('okapi'))).toEqual(['complete okapi reply']);

    // A save-only edit through the messages route.
    const edited = await alice.put(`/api/messages/${s.conversationId}/${s.ids.q}`, { text: 'walrus question' });
    expect(edited.status).toBe(200);
    expect(texts(await search('zebra'))).toEqual([]);
    expect(texts(await search('walrus'))).toEqual(['walrus question']);

    await alice.post('/api/convos/update', { arg: { conversationId: s.conversationId, title: 'Renamed flamingo' } });
    expect((await search('flamingo')).json.conversations.map((c: any) => c.title)).toEqual(['Renamed flamingo']);
    expect((await search('sync')).json.conversations).toEqual([]);
    expect((await search('walrus')).json.messages[0].title).toBe('Renamed flamingo');

    await alice.delete('/api/convos', { arg: { conversationId: s.conversationId } });
    expect((await search('walrus')).json).toEqual({ conversations: [], messages: [], nextCursor: null });
    expect((await search('flamingo')).json.conversations).toEqual([]);
  });
});
