import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { encodeCursor } from './cursor.js';
import { seedConversation } from './test-seed.js';

const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString();

describeEachDialect('conversation list', (dialect) => {
  let server: TestServer;
  const newUser = async () => {
    const client = new TestClient(server.baseUrl);
    const { user } = await client.register();
    return { client, userId: user.id };
  };
  const titles = (res: { json: { conversations: { title: string }[] } }) => res.json.conversations.map((c) => c.title);

  /** Follows nextCursor to the end, collecting titles. */
  async function pageThrough(client: TestClient, query: string): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 50; guard++) {
      const res = await client.get(`/api/convos?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...titles(res));
      cursor = res.json.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error('paging did not end');
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('order and paging', () => {
    let client: TestClient;
    beforeAll(async () => {
      const user = await newUser();
      client = user.client;
      // Ties on updatedAt and createdAt: paging must still give each exactly once.
      const specs = [
        { title: 'delta', createdAt: at(1), updatedAt: at(50) },
        { title: 'alpha', createdAt: at(2), updatedAt: at(40) },
        { title: 'echo', createdAt: at(3), updatedAt: at(40) },
        { title: 'charlie', createdAt: at(3), updatedAt: at(30) },
        { title: 'bravo', createdAt: at(5), updatedAt: at(20) },
        { title: 'foxtrot', createdAt: at(6), updatedAt: at(10) },
        { title: 'golf', createdAt: at(7), updatedAt: at(60), isArchived: true },
      ];
      for (const spec of specs) await seedConversation(server.db, user.userId, spec);
      // Someone else's conversations never show up.
      const other = await newUser();
      await seedConversation(server.db, other.userId, { title: 'intruder', updatedAt: at(99) });
    });

    it('lists unarchived conversations, newest update first, in the LibreChat page shape', async () => {
      const res = await client.get('/api/convos');
      expect(res.status).toBe(200);
      expect(Object.keys(res.json).sort()).toEqual(['conversations', 'nextCursor']);
      expect(titles(res).slice(0, 1)).toEqual(['delta']);
      expect(titles(res)).toHaveLength(6);
      expect(res.json.nextCursor).toBeNull();
      const first = res.json.conversations[0];
      expect(first).toMatchObject({ title: 'delta', isArchived: false, tags: [], endpoint: 'openAI', temperature: 0.5, expiredAt: null });
    });

    it.each([
      ['updatedAt', 'desc'],
      ['updatedAt', 'asc'],
      ['createdAt', 'desc'],
      ['createdAt', 'asc'],
      ['title', 'asc'],
      ['title', 'desc'],
    ])('pages by %s %s with no gap and no repeat', async (sortBy, sortDirection) => {
      const all = titles(await client.get(`/api/convos?limit=100&sortBy=${sortBy}&sortDirection=${sortDirection}`));
      const paged = await pageThrough(client, `limit=2&sortBy=${sortBy}&sortDirection=${sortDirection}`);
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(6);
    });

    it('sorts by title and by creation as asked', async () => {
      expect(titles(await client.get('/api/convos?sortBy=title&sortDirection=asc'))).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot']);
      expect(titles(await client.get('/api/convos?sortBy=createdAt&sortDirection=asc')).slice(0, 2)).toEqual(['delta', 'alpha']);
    });

    it('lists archived conversations only when asked', async () => {
      expect(titles(await client.get('/api/convos?isArchived=true'))).toEqual(['golf']);
    });

    it('refuses a cursor made for another order, or a forged one', async () => {
      const page = await client.get('/api/convos?limit=2&sortBy=title&sortDirection=asc');
      const cursor = encodeURIComponent(page.json.nextCursor);
      expect((await client.get(`/api/convos?limit=2&sortBy=updatedAt&cursor=${cursor}`)).status).toBe(400);
      expect((await client.get('/api/convos?cursor=%%%garbage')).status).toBe(400);
      const forged = encodeCursor(['updatedAt', 'desc', 1, 2] as never);
      const res = await client.get(`/api/convos?cursor=${forged}`);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_error');
    });

    it.each([
      ['limit=0'], ['limit=101'], ['limit=abc'], ['limit=2.5'], ['sortBy=rank'], ['sortDirection=up'], ['isArchived=maybe'],
      [`cursor=${'x'.repeat(1025)}`],
    ])('refuses %s with a validation error', async (query) => {
      const res = await client.get(`/api/convos?${query}`);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_error');
    });

    it('accepts the limits at their bounds', async () => {
      expect(titles(await client.get('/api/convos?limit=1'))).toHaveLength(1);
      expect(titles(await client.get('/api/convos?limit=100'))).toHaveLength(6);
    });

    it('needs a signed-in user', async () => {
      expect((await new TestClient(server.baseUrl).get('/api/convos')).status).toBe(401);
    });
  });

  describe('filters', () => {
    let client: TestClient;
    beforeAll(async () => {
      const user = await newUser();
      client = user.client;
      await seedConversation(server.db, user.userId, { title: 'Work plan', tags: ['work'], updatedAt: at(5) });
      await seedConversation(server.db, user.userId, { title: 'Holiday', tags: ['travel', 'fun'], updatedAt: at(4) });
      await seedConversation(server.db, user.userId, { title: 'Commas', tags: ['a,b'], updatedAt: at(3) });
      await seedConversation(server.db, user.userId, {
        title: 'Untagged chat',
        updatedAt: at(2),
        messages: [{ key: 'q', text: 'How do I bake sourdough bread?' }, { key: 'a', parent: 'q', text: 'Start with a levain.', isCreatedByUser: false }],
      });
      await seedConversation(server.db, user.userId, { title: 'Old archived bread', isArchived: true, updatedAt: at(1) });
    });

    it('filters by any of the tags, given repeated, bracketed or comma-separated', async () => {
      expect(titles(await client.get('/api/convos?tags=work'))).toEqual(['Work plan']);
      expect(titles(await client.get('/api/convos?tags=work&tags=fun'))).toEqual(['Work plan', 'Holiday']);
      expect(titles(await client.get('/api/convos?tags[]=travel'))).toEqual(['Holiday']);
      expect(titles(await client.get('/api/convos?tags=work,travel'))).toEqual(['Work plan', 'Holiday']);
      // A tag whose name holds a comma is still found by its whole name.
      expect(titles(await client.get(`/api/convos?tags=${encodeURIComponent('a,b')}`))).toEqual(['Commas']);
      expect(titles(await client.get('/api/convos?tags=nothing'))).toEqual([]);
    });

    it('searches titles and message text, within the archive flag', async () => {
      expect(titles(await client.get('/api/convos?search=sourdough'))).toEqual(['Untagged chat']);
      expect(titles(await client.get('/api/convos?search=levain'))).toEqual(['Untagged chat']);
      expect(titles(await client.get('/api/convos?search=hol'))).toEqual(['Holiday']);
      expect(titles(await client.get('/api/convos?search=bread'))).toEqual(['Untagged chat']);
      expect(titles(await client.get('/api/convos?search=bread&isArchived=true'))).toEqual(['Old archived bread']);
      expect(titles(await client.get('/api/convos?search=WORK%20plan'))).toEqual(['Work plan']);
      expect(titles(await client.get('/api/convos?search=work&tags=travel'))).toEqual([]);
    });

    it('never fails on hostile search text', async () => {
      for (const q of ['"', '*', 'NEAR(a b)', 'a OR', '(((', "'; drop table conversations; --", 'x'.repeat(5000), '东京 ü 🙂', '-', 'col:val', '^a']) {
        const res = await client.get(`/api/convos?search=${encodeURIComponent(q)}`);
        expect(res.status, q).toBe(200);
        expect(Array.isArray(res.json.conversations)).toBe(true);
      }
      // Only symbols: nothing to look for, so nothing is found.
      expect(titles(await client.get('/api/convos?search=***'))).toEqual([]);
      // A blank search is no search.
      expect(titles(await client.get('/api/convos?search=%20'))).toHaveLength(4);
    });
  });
});
