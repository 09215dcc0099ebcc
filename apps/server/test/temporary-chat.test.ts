import { NO_PARENT } from '@confab/shared';
import { expect, it } from 'vitest';
import { sweepExpiredConversations } from '../src/features/conversations/expiry-sweep.js';
import { updateRolePermissions } from '../src/features/roles/roles.repo.js';
import { storedCounts, useChatServer } from './chat-harness.js';
import { TestClient } from './http-client.js';
import { finalFrame, readSse } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Issue 27 point 2: LibreChat's temporary chat. The ask carries `isTemporary: true`; the new
 * conversation gets an expiry (interface.temporaryChatRetention hours, 720 by default), is never
 * listed nor found by search, stays readable at its id until the expiry sweep deletes it.
 */
describeEachDialect('temporary chat', (dialect) => {
  const w = useChatServer(dialect);

  /** One exchange; answers the stored conversation's id. */
  async function chat(text: string, isTemporary: boolean): Promise<string> {
    w.sim.enqueue({ text: `Reply to ${text}` });
    const res = await w.ask({ text, isTemporary });
    expect(res.status).toBe(200);
    const id = finalFrame(res.frames)?.data.conversation?.conversationId as string | undefined;
    if (!id) throw new Error('The chat stored no conversation');
    return id;
  }

  it('stores the expiry, keeps the chat out of the list and search, readable by id until swept', async () => {
    const before = Date.now();
    const kept = await chat('zephyrine kept question', false);
    const temporary = await chat('zephyrine temporary question', true);

    const convo = await w.client.get(`/api/convos/${temporary}`);
    expect(convo.status).toBe(200);
    const expiresAt = Date.parse(convo.json.expiredAt as string);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 720 * HOUR_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 720 * HOUR_MS);
    expect((await w.client.get(`/api/convos/${kept}`)).json.expiredAt).toBeNull();

    const listed = (await w.client.get('/api/convos?limit=100')).json.conversations.map(
      (c: { conversationId: string }) => c.conversationId,
    );
    expect(listed).toContain(kept);
    expect(listed).not.toContain(temporary);
    const listSearch = (await w.client.get('/api/convos?search=zephyrine')).json.conversations.map(
      (c: { conversationId: string }) => c.conversationId,
    );
    expect(listSearch).toEqual([kept]);

    const search = await w.client.get('/api/search?q=zephyrine');
    expect(search.status).toBe(200);
    expect(search.json.conversations.map((c: { conversationId: string }) => c.conversationId)).toEqual([kept]);
    expect(search.json.messages.length).toBeGreaterThan(0);
    expect(search.json.messages.every((m: { conversationId: string }) => m.conversationId === kept)).toBe(true);

    // Readable at its URL by its owner, messages included, until its time is up.
    const messages = await w.client.get(`/api/messages/${temporary}`);
    expect(messages.status).toBe(200);
    expect(messages.json.map((m: { text: string }) => m.text)).toEqual([
      'zephyrine temporary question',
      'Reply to zephyrine temporary question',
    ]);
    await sweepExpiredConversations(w.server.db, new Date(expiresAt - 1000));
    expect((await w.client.get(`/api/convos/${temporary}`)).status).toBe(200);

    const swept = await sweepExpiredConversations(w.server.db, new Date(expiresAt + 1000));
    expect(swept).toEqual({ conversations: 1, messages: 2 });
    expect((await w.client.get(`/api/convos/${temporary}`)).status).toBe(404);
    const leftMessages = await w.server.db.kysely
      .selectFrom('messages')
      .select('message_id')
      .where('conversation_id', '=', temporary)
      .execute();
    expect(leftMessages).toEqual([]);
    expect((await w.client.get(`/api/convos/${kept}`)).status).toBe(200);
  });

  it('refuses a temporary chat to a role without TEMPORARY_CHAT USE, storing nothing', async () => {
    await updateRolePermissions(w.server.db, 'USER', 'TEMPORARY_CHAT', { USE: false });
    try {
      // The harness's user signed up first, so is an ADMIN: a second one has the USER role.
      const user = new TestClient(w.server.baseUrl);
      await user.register();
      const stored = await storedCounts(w.server);
      const res = await w.ask({ text: 'not allowed', isTemporary: true }, undefined, user);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 'forbidden' });
      expect(await storedCounts(w.server)).toEqual(stored);
      // An ordinary chat is still allowed.
      w.sim.enqueue({ text: 'Fine' });
      expect((await w.ask({ text: 'an ordinary chat' }, undefined, user)).status).toBe(200);
    } finally {
      await updateRolePermissions(w.server.db, 'USER', 'TEMPORARY_CHAT', { USE: true });
    }
  });

  /** An ask to the client's own server (the harness's ask goes to the harness's). */
  const askOn = (client: TestClient, body: Record<string, unknown>) =>
    readSse(`${client.baseUrl}/api/ask/openAI`, {
      token: client.token,
      body: { endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT, conversationId: null, ...body },
    });

  /** Another server on the harness's simulator with this `interface` config, and a signed-in user. */
  async function withServer(
    ui: Record<string, unknown>,
    body: (server: TestServer, client: TestClient) => Promise<void>,
  ) {
    const server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: w.sim.url, TITLE_CONVO: 'false' },
      config: { interface: ui },
    });
    try {
      const client = new TestClient(server.baseUrl);
      await client.register();
      await body(server, client);
    } finally {
      await server.close();
    }
  }

  it('refuses a temporary chat when interface.temporaryChat is off, storing nothing', async () => {
    await withServer({ temporaryChat: false }, async (server, client) => {
      expect((await client.get('/api/config')).json.interface.temporaryChat).toBe(false);
      const res = await askOn(client, { text: 'not here', isTemporary: true });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 'forbidden' });
      expect(await storedCounts(server)).toEqual({ conversations: 0, messages: 0 });
    });
  });

  it('keeps a temporary chat for interface.temporaryChatRetention hours', async () => {
    await withServer({ temporaryChatRetention: 2 }, async (server, client) => {
      expect((await client.get('/api/config')).json.interface.temporaryChatRetention).toBe(2);
      const before = Date.now();
      w.sim.enqueue({ text: 'Short-lived' });
      const res = await askOn(client, { text: 'kept two hours', isTemporary: true });
      expect(res.status).toBe(200);
      const id = finalFrame(res.frames)?.data.conversation?.conversationId as string;
      const expiresAt = Date.parse((await client.get(`/api/convos/${id}`)).json.expiredAt as string);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 2 * HOUR_MS);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 2 * HOUR_MS);
    });
  });
});
