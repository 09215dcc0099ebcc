import { NO_PARENT } from '@confab/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { sweepExpiredConversations } from './expiry-sweep.js';
import { countRows, seedConversation, snapshotTables, type SeedMessage } from './test-seed.js';

/** q1 -> a1 -> q2 -> a2, with a regenerated sibling a1b of a1. */
const THREAD: SeedMessage[] = [
  { key: 'q1', text: 'first question' },
  { key: 'a1', parent: 'q1', text: 'first answer', isCreatedByUser: false },
  { key: 'a1b', parent: 'q1', text: 'another first answer', isCreatedByUser: false },
  { key: 'q2', parent: 'a1', text: 'second question' },
  { key: 'a2', parent: 'q2', text: 'second answer', isCreatedByUser: false },
];

describeEachDialect('conversation actions', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;

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
  beforeEach(async () => {
    await alice.delete('/api/convos/all');
    await bob.delete('/api/convos/all');
  });

  /** Runs `act` as Bob against Alice's data and checks it is a 404 that changed nothing. */
  async function expectUntouchedBy(act: () => Promise<{ status: number; json: any }>) {
    const before = await snapshotTables(server.db);
    const res = await act();
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('not_found');
    expect(await snapshotTables(server.db)).toEqual(before);
  }

  describe('update', () => {
    it('renames (trimmed, 100 characters at most) and archives', async () => {
      const { conversationId } = await seedConversation(server.db, aliceId);
      const renamed = await alice.post('/api/convos/update', { arg: { conversationId, title: `  ${'t'.repeat(100)}  ` } });
      expect(renamed.status).toBe(200);
      expect(renamed.json.title).toBe('t'.repeat(100));
      expect((await alice.post('/api/convos/update', { arg: { conversationId, title: 't'.repeat(101) } })).status).toBe(400);
      const archived = await alice.post('/api/convos/update', { arg: { conversationId, isArchived: true, user: bobId } });
      expect(archived.json).toMatchObject({ isArchived: true, user: aliceId });
      expect((await alice.post('/api/convos/update', { arg: { conversationId, title: '   ' } })).json.title).toBe('Untitled');
    });

    it.each([[{}], [{ arg: {} }], [{ arg: { conversationId: 'not-a-uuid' } }], [{ arg: { conversationId: randomUUID(), isArchived: 'yes' } }]])(
      'refuses %j',
      async (body) => {
        expect((await alice.post('/api/convos/update', body)).status).toBe(400);
      },
    );

    it("does not touch someone else's conversation", async () => {
      const { conversationId } = await seedConversation(server.db, aliceId, { title: 'mine' });
      await expectUntouchedBy(() => bob.post('/api/convos/update', { arg: { conversationId, title: 'stolen', isArchived: true } }));
      await expectUntouchedBy(() => bob.get(`/api/convos/${conversationId}`));
    });
  });

  describe('delete', () => {
    it('deletes one conversation with its messages, share and tag counts; accepts {arg} and {data: {arg}}', async () => {
      const first = await seedConversation(server.db, aliceId, { messages: THREAD });
      const second = await seedConversation(server.db, aliceId, { messages: THREAD.slice(0, 2) });
      await alice.put(`/api/tags/convo/${first.conversationId}`, { tags: ['keep'] });
      await alice.post(`/api/share/${first.conversationId}`);

      const res = await alice.delete('/api/convos', { arg: { conversationId: first.conversationId, source: 'button', endpoint: 'openAI', thread_id: null } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ acknowledged: true, deletedCount: 1, messages: { acknowledged: true, deletedCount: 5 } });
      expect((await alice.get(`/api/convos/${first.conversationId}`)).status).toBe(404);
      expect((await alice.get(`/api/share/link/${first.conversationId}`)).json.success).toBe(false);
      expect((await alice.get('/api/tags')).json.find((t: any) => t.tag === 'keep').count).toBe(0);
      expect((await alice.get('/api/search?q=question')).json.messages.every((m: any) => m.conversationId === second.conversationId)).toBe(true);

      const viaData = await alice.delete('/api/convos', { data: { arg: { conversationId: second.conversationId } } });
      expect(viaData.json.messages.deletedCount).toBe(2);
      expect(await countRows(server.db, 'messages')).toBe(0);
      // Gone means gone: a second delete is a 404.
      expect((await alice.delete('/api/convos', { arg: { conversationId: second.conversationId } })).status).toBe(404);
    });

    it.each([[undefined], [{}], [{ arg: {} }], [{ arg: { conversationId: 'abc' } }], [{ data: { arg: { thread_id: 'x' } } }]])('refuses %j', async (body) => {
      const res = await alice.delete('/api/convos', body);
      expect(res.status).toBe(400);
    });

    it("does not delete someone else's conversation", async () => {
      const { conversationId } = await seedConversation(server.db, aliceId, { messages: THREAD });
      await expectUntouchedBy(() => bob.delete('/api/convos', { arg: { conversationId } }));
      await expectUntouchedBy(() => bob.post('/api/convos/clear', { arg: { conversationId, source: 'button' } }));
    });

    it('POST /api/convos/clear (older LibreChat clients): one named conversation, or all with an empty arg', async () => {
      const one = await seedConversation(server.db, aliceId, { messages: THREAD });
      const other = await seedConversation(server.db, aliceId, { messages: THREAD.slice(0, 1) });
      const bobs = await seedConversation(server.db, bobId, { messages: THREAD });
      const before = await snapshotTables(server.db);
      // The delete button without a conversation deletes nothing; a malformed id is refused.
      expect((await alice.post('/api/convos/clear', { arg: { source: 'button' } })).status).toBe(400);
      expect((await alice.post('/api/convos/clear', { arg: { conversationId: 'not-an-id' } })).status).toBe(400);
      expect((await alice.post('/api/convos/clear', {})).status).toBe(400);
      expect(await snapshotTables(server.db)).toEqual(before);

      const deleted = await alice.post('/api/convos/clear', { arg: { conversationId: one.conversationId, source: 'button' } });
      expect(deleted.json).toMatchObject({ deletedCount: 1 });
      expect((await alice.get(`/api/convos/${other.conversationId}`)).status).toBe(200);
      const all = await alice.post('/api/convos/clear', { arg: {} });
      expect(all.json).toMatchObject({ deletedCount: 1 });
      expect((await alice.get(`/api/convos/${other.conversationId}`)).status).toBe(404);
      expect((await bob.get(`/api/convos/${bobs.conversationId}`)).status).toBe(200);
    });

    it("deletes all of the caller's conversations and nobody else's", async () => {
      await seedConversation(server.db, aliceId, { messages: THREAD });
      await seedConversation(server.db, aliceId, { messages: THREAD.slice(0, 1) });
      const bobs = await seedConversation(server.db, bobId, { messages: THREAD });
      const res = await alice.request('DELETE', '/api/convos/all', undefined, { headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ acknowledged: true, deletedCount: 2, messages: { acknowledged: true, deletedCount: 6 } });
      expect((await bob.get(`/api/convos/${bobs.conversationId}`)).status).toBe(200);
      expect(await countRows(server.db, 'messages')).toBe(5);
    });
  });

  describe('duplicate', () => {
    it('copies every message with new ids and remapped parents, named "(copy)"', async () => {
      const source = await seedConversation(server.db, aliceId, { title: 'Plans', tags: ['work'], updatedAt: '2024-01-01T00:00:00.000Z', messages: THREAD });
      await alice.post('/api/tags/rebuild');
      const res = await alice.post('/api/convos/duplicate', { conversationId: source.conversationId });
      expect(res.status).toBe(201);
      const { conversation, messages } = res.json;
      expect(conversation).toMatchObject({ title: 'Plans (copy)', tags: ['work'], isArchived: false, endpoint: 'openAI', temperature: 0.5 });
      expect(conversation.conversationId).not.toBe(source.conversationId);
      expect(messages).toHaveLength(5);
      const byText = new Map(messages.map((m: any) => [m.text, m]));
      const oldIds = new Set(Object.values(source.ids));
      for (const m of messages) {
        expect(oldIds.has(m.messageId)).toBe(false);
        expect(m.conversationId).toBe(conversation.conversationId);
      }
      expect((byText.get('first question') as any).parentMessageId).toBe(NO_PARENT);
      expect((byText.get('second answer') as any).parentMessageId).toBe((byText.get('second question') as any).messageId);
      expect((byText.get('another first answer') as any).parentMessageId).toBe((byText.get('first question') as any).messageId);
      // The copy is a conversation like any other: listed first, stored, searchable, counted under its tag.
      expect((await alice.get('/api/convos')).json.conversations[0].conversationId).toBe(conversation.conversationId);
      expect((await alice.get(`/api/messages/${conversation.conversationId}`)).json).toHaveLength(5);
      expect((await alice.get('/api/search?q=another')).json.messages).toHaveLength(2);
      expect((await alice.get('/api/tags')).json.find((t: any) => t.tag === 'work').count).toBe(2);
    });

    it('takes a given title, and keeps a long one within the rename limit', async () => {
      const source = await seedConversation(server.db, aliceId, { title: 'x'.repeat(100) });
      expect((await alice.post('/api/convos/duplicate', { conversationId: source.conversationId, title: ' Mine ' })).json.conversation.title).toBe('Mine');
      const long = (await alice.post('/api/convos/duplicate', { conversationId: source.conversationId })).json.conversation.title;
      expect(long).toHaveLength(100);
      expect(long.endsWith(' (copy)')).toBe(true);
      expect((await alice.post('/api/convos/duplicate', { conversationId: source.conversationId, title: 'y'.repeat(101) })).status).toBe(400);
    });

    it.each([[{}], [{ conversationId: 'nope' }], [{ conversationId: 42 }]])('refuses %j', async (body) => {
      expect((await alice.post('/api/convos/duplicate', body)).status).toBe(400);
    });

    it("does not copy someone else's conversation", async () => {
      const { conversationId } = await seedConversation(server.db, aliceId, { messages: THREAD });
      await expectUntouchedBy(() => bob.post('/api/convos/duplicate', { conversationId }));
      await expectUntouchedBy(() => alice.post('/api/convos/duplicate', { conversationId: randomUUID() }));
    });
  });

  describe('fork', () => {
    const fork = (body: Record<string, unknown>, client = alice) => client.post('/api/convos/fork', body);
    const texts = (res: { json: { messages: { text: string }[] } }) => res.json.messages.map((m) => m.text).sort();

    it('follows the fork options', async () => {
      const s = await seedConversation(server.db, aliceId, { title: 'Tree', messages: THREAD });
      const base = { conversationId: s.conversationId, messageId: s.ids.q2 };
      const direct = await fork({ ...base, option: 'directPath' });
      expect(direct.status).toBe(200);
      expect(direct.json.conversation.title).toBe('Tree');
      expect(texts(direct)).toEqual(['first answer', 'first question', 'second question']);
      expect(texts(await fork({ ...base, option: 'includeBranches' }))).toEqual(['another first answer', 'first answer', 'first question', 'second question']);
      expect(texts(await fork({ conversationId: s.conversationId, messageId: s.ids.a1, option: 'targetLevel' }))).toEqual([
        'another first answer', 'first answer', 'first question',
      ]);
      // No option (or LibreChat's "default") means targetLevel.
      expect(texts(await fork({ conversationId: s.conversationId, messageId: s.ids.a1 }))).toHaveLength(3);
      expect(texts(await fork({ conversationId: s.conversationId, messageId: s.ids.a1, option: 'default' }))).toHaveLength(3);

      // The copied path still links from root to tip.
      const byId = new Map(direct.json.messages.map((m: any) => [m.messageId, m]));
      const tip = direct.json.messages.find((m: any) => m.text === 'second question');
      const parent: any = byId.get(tip.parentMessageId);
      expect(parent.text).toBe('first answer');
      expect((byId.get(parent.parentMessageId) as any).parentMessageId).toBe(NO_PARENT);
    });

    it('splits at the target level, starting the fork there', async () => {
      const s = await seedConversation(server.db, aliceId, { messages: THREAD });
      const res = await fork({ conversationId: s.conversationId, messageId: s.ids.a1, option: 'directPath', splitAtTarget: true, latestMessageId: s.ids.a2 });
      expect(res.status).toBe(200);
      expect(texts(res)).toEqual(['first answer', 'second answer', 'second question']);
      expect(res.json.messages.find((m: any) => m.text === 'first answer').parentMessageId).toBe(NO_PARENT);
      const above = await fork({ conversationId: s.conversationId, messageId: s.ids.a1, splitAtTarget: true, latestMessageId: s.ids.q1 });
      expect(above.status).toBe(400);
      expect((await fork({ conversationId: s.conversationId, messageId: s.ids.a1, splitAtTarget: true })).status).toBe(400);
    });

    it('refuses bad input and messages of another conversation', async () => {
      const s = await seedConversation(server.db, aliceId, { messages: THREAD });
      const other = await seedConversation(server.db, aliceId, { messages: THREAD.slice(0, 1) });
      expect((await fork({ conversationId: s.conversationId })).status).toBe(400);
      expect((await fork({ conversationId: s.conversationId, messageId: s.ids.q1, option: 'everything' })).status).toBe(400);
      expect((await fork({ conversationId: 'x', messageId: s.ids.q1 })).status).toBe(400);
      const before = await snapshotTables(server.db);
      expect((await fork({ conversationId: s.conversationId, messageId: other.ids.q1 })).status).toBe(404);
      expect(await snapshotTables(server.db)).toEqual(before);
    });

    it("does not fork someone else's conversation", async () => {
      const s = await seedConversation(server.db, aliceId, { messages: THREAD });
      await expectUntouchedBy(() => fork({ conversationId: s.conversationId, messageId: s.ids.a2, option: 'directPath' }, bob));
    });
  });

  describe('temporary chats', () => {
    it('stay out of the list (issue 27), are readable by id until swept, then are deleted with their messages', async () => {
      const past = new Date(Date.now() - 60_000).toISOString();
      const future = new Date(Date.now() + 60 * 60_000).toISOString();
      const expired = await seedConversation(server.db, aliceId, { title: 'expired', expiredAt: past, messages: THREAD });
      const live = await seedConversation(server.db, aliceId, { title: 'live', expiredAt: future, messages: THREAD.slice(0, 1) });
      const listed = (await alice.get('/api/convos')).json.conversations;
      expect(listed.map((c: any) => c.title)).toEqual([]);
      expect((await alice.get(`/api/convos/${live.conversationId}`)).json.expiredAt).toBe(future);
      expect((await alice.get(`/api/convos/${expired.conversationId}`)).status).toBe(200);

      expect(await sweepExpiredConversations(server.db)).toEqual({ conversations: 1, messages: 5 });
      expect((await alice.get(`/api/convos/${expired.conversationId}`)).status).toBe(404);
      expect((await alice.get(`/api/convos/${live.conversationId}`)).status).toBe(200);
      expect((await alice.get('/api/search?q=second')).json.messages).toEqual([]);
      expect(await sweepExpiredConversations(server.db)).toEqual({ conversations: 0, messages: 0 });
      // Later, the live one expires too.
      expect((await sweepExpiredConversations(server.db, new Date(Date.now() + 2 * 60 * 60_000))).conversations).toBe(1);
    });
  });
});
