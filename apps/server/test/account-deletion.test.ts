import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { seedConversation } from '../src/features/conversations/test-seed.js';
import { newId, nowIso } from '../src/platform/ids.js';
import { petStoreSpec } from './fixtures/openapi-test-server.js';
import { pngImage, postUpload, STORAGE_BACKENDS, useFilesServer } from './files-test-kit.js';
import { TestClient } from './http-client.js';
import { DIALECTS } from './test-server.js';
import { describe } from 'vitest';

/**
 * DELETE /api/user/delete leaves nothing of the user: every table and every column is scanned for
 * the user's id (file paths and storage keys hold it too), and the store for their bytes. The
 * data is made through the app's own routes where it has one, else through the repositories'
 * tables as the features write them.
 */
const local = STORAGE_BACKENDS.find((b) => b.name === 'local')!;

/** Every table and column of the database, as text, that holds `needle` anywhere. */
async function rowsHolding(db: Db, needle: string): Promise<string[]> {
  const found: string[] = [];
  const columnsOf = async (): Promise<Array<{ table: string; column: string }>> => {
    if (db.dialect === 'postgres') {
      const { rows } = await sql<{ table: string; column: string }>`
        select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = current_schema()`.execute(db.kysely);
      return rows;
    }
    // FTS5's shadow tables hold tokens, not values; the contentless index stores no ids.
    const { rows: tables } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
      and name not like '%_fts%' and name not like 'kysely_%'`.execute(db.kysely);
    const out: Array<{ table: string; column: string }> = [];
    for (const { name } of tables) {
      const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db.kysely);
      for (const c of rows) out.push({ table: name, column: c.name });
    }
    return out;
  };
  for (const { table, column } of await columnsOf()) {
    if (table.startsWith('kysely_')) continue;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)} where cast(${sql.ref(column)} as text) like ${`%${needle}%`}`.execute(
      db.kysely,
    );
    if (Number(rows[0]?.n) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** A user with something in every place the app keeps data. */
async function populate(t: ReturnType<typeof useFilesServer>, client: TestClient, other: TestClient) {
  const { server } = t;
  const db = server.db.kysely;
  const userId = (await client.get('/api/user')).json.id as string;
  const { conversationId, ids } = await seedConversation(server.db, userId, {
    title: 'Secret plans',
    messages: [
      { key: 'q', text: 'findable words' },
      { key: 'a', parent: 'q', text: 'a reply', isCreatedByUser: false },
    ],
  });
  await seedConversation(server.db, userId, { title: 'Archived', isArchived: true });
  expect((await client.post('/api/tags', { tag: 'work' })).status).toBe(201);
  expect((await client.put(`/api/tags/convo/${conversationId}`, { tags: ['work'] })).status).toBe(200);
  expect((await client.post(`/api/share/${conversationId}`)).status).toBe(200);
  expect((await client.post('/api/presets', { title: 'Mine', endpoint: 'openAI', model: 'gpt-4o' })).status).toBe(201);
  expect((await client.put('/api/keys', { name: 'BringYourKey', value: 'sk-mine', expiresAt: null })).status).toBe(201);
  const prompt = { prompt: { prompt: 'Summarise {{text}}', type: 'text' }, group: { name: 'Mine', command: 'mine' } };
  expect((await client.post('/api/prompts', prompt)).status).toBe(200);
  const agent = await client.post('/api/agents', { name: 'Mine', provider: 'openAI', model: 'gpt-4o-mini' });
  expect(agent.status).toBe(201);
  const agentId = agent.json.id as string;
  const action = await client.post(`/api/agents/actions/${agentId}`, {
    functions: [{ type: 'function', function: { name: 'getPet', description: '', parameters: {} } }],
    metadata: { domain: 'api.example.com', raw_spec: petStoreSpec(), auth: { type: 'none' } },
  });
  expect(action.status).toBe(200);
  for (const [path, name, data] of [
    ['/api/files', 'notes.txt', 'private notes'],
    ['/api/files/images', 'photo.png', await pngImage(40, 30)],
    ['/api/files/images/avatar', 'me.png', await pngImage(80, 80)],
  ] as const) {
    expect((await postUpload(server.baseUrl, client.token, [{ name, data }], {}, path)).status).toBe(200);
  }
  expect(
    (await client.post('/api/events', { type: 'meme_expanded', chatId: conversationId, metadata: { from: 'grid' } })).status,
  ).toBe(204);

  // Rows whose features are reached through a model or a ceremony, written as those features write them.
  const [file] = await db.selectFrom('files').select('file_id').where('user_id', '=', userId).execute();
  const now = nowIso();
  await db
    .insertInto('file_chunks')
    .values({
      file_id: file!.file_id,
      chunk_index: 0,
      user_id: userId,
      page: null,
      start_offset: 0,
      end_offset: 7,
      text: 'private',
      embedding: new Uint8Array(8),
      model: 'm',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('tool_calls')
    .values({
      id: newId(),
      user_id: userId,
      conversation_id: conversationId,
      message_id: ids.a!,
      tool_id: 'meme',
      part_index: 0,
      block_index: null,
      result: '{}',
      attachments: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('tool_credentials')
    .values({ user_id: userId, tool_key: 'weather', value: 'x', created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('meme_reactions')
    .values({
      user_id: userId,
      conversation_id: conversationId,
      message_id: ids.a!,
      tool_call_id: 'call_1',
      reaction: 'like',
      created_at: now,
    })
    .execute();
  // Another user's reaction on this user's message: it goes with the message.
  const otherId = (await other.get('/api/user')).json.id as string;
  await db
    .insertInto('meme_reactions')
    .values({
      user_id: otherId,
      conversation_id: conversationId,
      message_id: ids.a!,
      tool_call_id: 'call_1',
      reaction: 'dislike',
      created_at: now,
    })
    .execute();
  const later = new Date(Date.now() + 3600_000).toISOString();
  await db
    .insertInto('auth_tokens')
    .values({
      id: newId(),
      user_id: userId,
      kind: 'password_reset',
      token_hash: randomUUID(),
      expires_at: later,
      used_at: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('passkeys')
    .values({
      id: randomUUID(),
      user_id: userId,
      public_key: 'pk',
      counter: 0,
      transports: '[]',
      device_type: 'singleDevice',
      backed_up: 0,
      name: 'Laptop',
      created_at: now,
      last_used_at: null,
    })
    .execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ id: newId(), user_id: userId, kind: 'registration', challenge: 'c', expires_at: later, created_at: now })
    .execute();
  await db
    .insertInto('user_identities')
    .values({ provider: 'openid', subject: randomUUID(), user_id: userId, email: null, created_at: now })
    .execute();
  await db
    .insertInto('violations')
    .values({ id: newId(), user_id: userId, ip: '127.0.0.1', type: 'logins', score: 1, details: '{}', created_at: now })
    .execute();
  return { userId, agentId };
}

for (const dialect of DIALECTS) {
  describe(`account deletion [${dialect}]`, () => {
    const t = useFilesServer(dialect, local, {
      env: { OPENAI_API_KEY: 'sk-test', TITLE_CONVO: 'false' },
      config: {
        actions: { allowedDomains: ['api.example.com'] },
        endpoints: {
          custom: [
            {
              name: 'BringYourKey',
              apiKey: 'user_provided',
              baseURL: 'http://127.0.0.1:9/v1',
              models: { default: ['m1'] },
            },
          ],
        },
      },
    });

    it('removes every row and stored file of the user, ends their sessions, and leaves another user as they were', async () => {
      const { server, store } = t;
      const leaving = new TestClient(server.baseUrl);
      const { email } = await leaving.register({ name: 'Leaving' });
      const staying = new TestClient(server.baseUrl);
      await staying.register({ name: 'Staying' });
      const { userId } = await populate(t, leaving, staying);
      const { userId: otherId } = await populate(t, staying, leaving);
      // A second session of the leaving user (another device).
      const otherDevice = new TestClient(server.baseUrl);
      otherDevice.token = (
        await otherDevice.post('/api/auth/login', { email, password: 'correct horse battery' })
      ).json.token;

      // Everything is there before: the scan sees the id in the tables the data went to.
      const before = await rowsHolding(server.db, userId);
      for (const table of [
        'conversations',
        'messages',
        'search_docs',
        'files',
        'file_chunks',
        'agents',
        'actions',
        'presets',
        'prompt_groups',
        'prompts',
        'user_keys',
        'shared_links',
        'conversation_tags',
        'sessions',
        'passkeys',
        'violations',
        'analytics_events',
      ]) {
        expect(
          before.some((c) => c.startsWith(`${table}.`)),
          table,
        ).toBe(true);
      }
      expect((await store.keys()).filter((k) => k.includes(userId)).length).toBeGreaterThanOrEqual(4);
      const othersBefore = await rowsHolding(server.db, otherId);
      const othersKeys = (await store.keys()).filter((k) => k.includes(otherId));

      // A typed email that is not the account's is refused, with nothing removed.
      const mismatch = await leaving.delete('/api/user/delete', { email: 'someone@else.example' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.code).toBe('confirmation_mismatch');
      expect(await rowsHolding(server.db, userId)).toEqual(before);

      const deleted = await leaving.delete('/api/user/delete', { email: `  ${email.toUpperCase()} ` });
      expect(deleted.status).toBe(200);
      expect(deleted.json).toEqual({ message: 'User deleted' });

      expect(await rowsHolding(server.db, userId)).toEqual([]);
      expect((await store.keys()).filter((k) => k.includes(userId))).toEqual([]);
      // The analytics events stay, without their user or their chats.
      const orphaned = await server.db.kysely
        .selectFrom('analytics_events')
        .select(['event', 'chat_id'])
        .where('user_id', 'is', null)
        .execute();
      expect(orphaned.map((e) => e.event)).toEqual(expect.arrayContaining(['meme_expanded', 'chat_shared']));
      expect(orphaned.every((e) => e.chat_id === null)).toBe(true);
      // Both sessions end at once; the refresh cookie no longer works; the account cannot sign in.
      expect((await leaving.get('/api/user')).status).toBe(401);
      expect((await otherDevice.get('/api/user')).status).toBe(401);
      expect((await leaving.post('/api/auth/refresh')).json?.token).toBeUndefined();
      expect((await leaving.post('/api/auth/login', { email, password: 'correct horse battery' })).status).toBe(404);

      // The other user keeps everything (their reaction on the deleted message aside).
      expect(await rowsHolding(server.db, otherId)).toEqual(othersBefore);
      expect((await store.keys()).filter((k) => k.includes(otherId))).toEqual(othersKeys);
      // One listed: the other is archived.
      expect((await staying.get('/api/convos')).json.conversations).toHaveLength(1);
      expect((await staying.get('/api/files')).json).toHaveLength(2);
    });

    it('an administrator deleting a user (Admin → Users) leaves nothing of theirs either, but the audit row', async () => {
      const { server, store } = t;
      const administrator = new TestClient(server.baseUrl);
      await administrator.register({ name: 'Administrator' });
      const adminId = (await administrator.get('/api/user')).json.id as string;
      await server.db.kysely.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', adminId).execute();
      const leaving = new TestClient(server.baseUrl);
      const { email } = await leaving.register({ name: 'Removed' });
      const { userId } = await populate(t, leaving, administrator);
      expect((await rowsHolding(server.db, userId)).length).toBeGreaterThan(10);
      expect((await store.keys()).filter((k) => k.includes(userId)).length).toBeGreaterThanOrEqual(4);

      const deleted = await administrator.delete(`/api/admin/users/${userId}`, { confirmEmail: email });
      expect(deleted.status).toBe(204);
      // Only the record of who deleted them names them now.
      expect(await rowsHolding(server.db, userId)).toEqual(['admin_audit.target_id']);
      expect((await store.keys()).filter((k) => k.includes(userId))).toEqual([]);
      expect((await leaving.get('/api/user')).status).toBe(401);
    });

    it('answers LibreChat’s client, which sends no body, and refuses a caller without a session', async () => {
      const { server } = t;
      const anonymous = await new TestClient(server.baseUrl).delete('/api/user/delete');
      expect(anonymous.status).toBe(401);
      const client = new TestClient(server.baseUrl);
      const { user } = await client.register();
      const res = await fetch(`${server.baseUrl}/api/user/delete`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${client.token}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: 'User deleted' });
      expect(await rowsHolding(server.db, user.id)).toEqual([]);
    });
  });
}
