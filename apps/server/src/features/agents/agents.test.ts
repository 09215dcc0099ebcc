import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { getBytes, pngImage, postUpload } from '../../../test/files-test-kit.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { seedConversation } from '../conversations/test-seed.js';
import { staticToolSource } from '../tools/tool-registry.js';
import type { ToolDefinition } from '../tools/tool-types.js';

const SECRET = 'sk-very-secret-tool-key';

/** A built-in that needs the user's key, and one that needs nothing, as the registry's tools. */
const tools: ToolDefinition[] = [
  {
    name: 'weather_lookup',
    displayName: 'Weather',
    description: 'Looks up the weather',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    kind: 'builtin',
    auth: [{ authField: 'WEATHER_API_KEY', label: 'Weather API key', description: 'Your key' }],
    run: (context, args) =>
      Promise.resolve({ parts: [{ type: 'text', text: `weather for ${JSON.stringify(args)} with ${context.credentials?.WEATHER_API_KEY?.length ?? 0} chars` }] }),
  },
  {
    name: 'echo',
    description: 'Echoes its arguments',
    inputSchema: { type: 'object' },
    kind: 'builtin',
    run: (_context, args) => Promise.resolve({ parts: [{ type: 'text', text: `echo ${JSON.stringify(args)}` }] }),
  },
];

describeEachDialect('agents API and permissions', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk', OPENAI_MODELS: 'gpt-4o-mini' },
      config: {
        endpoints: {
          agents: { allowedProviders: ['openAI'], recursionLimit: 10 },
          custom: [{ name: 'Elsewhere', apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', models: { default: ['m'] } }],
        },
        // Stored agents only: the built-in Meme maker, listed first, is tested in features/memes.
        memes: { agent: { enabled: false } },
      },
    });
    server.app.tools.register(staticToolSource(tools));
    admin = new TestClient(server.baseUrl);
    await admin.register({ name: 'Admin' });
    alice = new TestClient(server.baseUrl);
    aliceId = (await alice.register({ name: 'Alice' })).user.id;
    bob = new TestClient(server.baseUrl);
    await bob.register({ name: 'Bob' });
  });
  afterAll(async () => {
    await server.close();
  });

  const create = (client: TestClient, body: Record<string, unknown> = {}) =>
    client.post('/api/agents', { name: 'Helper', provider: 'openAI', model: 'gpt-4o-mini', model_parameters: { temperature: 0.2 }, ...body });

  it('creates, reads, lists, updates, duplicates and deletes an agent; the author is always the caller', async () => {
    const created = await create(alice, {
      instructions: 'Be brief.',
      tools: ['echo', 'not_a_tool'],
      conversation_starters: ['Hi', 'Weather?'],
      // Strict bodies: these are dropped, never written.
      author: 'someone-else',
      id: 'agent_chosenByClient',
      user: 'x',
      is_global: 1,
    });
    expect(created.status).toBe(201);
    const agent = created.json;
    expect(agent.id).toMatch(/^agent_[A-Za-z0-9_-]{21}$/);
    expect(agent).toMatchObject({ name: 'Helper', author: aliceId, instructions: 'Be brief.', tools: ['echo'], projectIds: [], isCollaborative: false });
    expect(agent.conversation_starters).toEqual(['Hi', 'Weather?']);
    const row = await server.db.kysely.selectFrom('agents').selectAll().where('id', '=', agent.id).executeTakeFirstOrThrow();
    expect(row.author).toBe(aliceId);
    expect(row.is_global).toBe(0);

    expect((await alice.get(`/api/agents/${agent.id}`)).json).toMatchObject({ id: agent.id, instructions: 'Be brief.', model_parameters: { temperature: 0.2 } });
    const list = (await alice.get('/api/agents?requiredPermission=1')).json;
    expect(list).toMatchObject({ object: 'list', first_id: agent.id, last_id: agent.id, has_more: false });
    expect(list.data.map((a: { id: string }) => a.id)).toEqual([agent.id]);

    const patched = await alice.patch(`/api/agents/${agent.id}`, { name: 'Renamed', author: 'someone-else', recursion_limit: 5 });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: 'Renamed', author: aliceId, recursion_limit: 5, instructions: 'Be brief.' });

    const copy = await alice.post(`/api/agents/${agent.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.json.agent).toMatchObject({ name: 'Renamed (copy)', author: aliceId, instructions: 'Be brief.', projectIds: [] });
    expect(copy.json.agent.id).not.toBe(agent.id);
    expect(copy.json.actions).toEqual([]);

    expect((await alice.delete(`/api/agents/${copy.json.agent.id}`)).status).toBe(200);
    expect((await alice.get(`/api/agents/${copy.json.agent.id}`)).status).toBe(404);
  });

  it('validates bodies: more than 4 conversation starters, a provider not allowed (invalid_agent_provider)', async () => {
    const many = await create(alice, { conversation_starters: ['1', '2', '3', '4', '5'] });
    expect(many.status).toBe(400);
    const other = await create(alice, { provider: 'Elsewhere' });
    expect(other.status).toBe(400);
    expect(other.json.code).toBe('invalid_agent_provider');
    expect(JSON.parse(other.json.text)).toMatchObject({ type: 'invalid_agent_provider' });
    for (const filepath of ['https://tracker.example/p.png', '//tracker.example/p.png', 'javascript:alert(1)']) {
      expect((await create(alice, { avatar: { filepath, source: 'local' } })).status).toBe(400);
    }
    const unknown = await create(alice, { provider: 'nowhere' });
    expect(unknown.status).toBe(400);
    const before = await server.db.kysely.selectFrom('agents').select('id').execute();
    expect(before.every((r) => r.id.startsWith('agent_'))).toBe(true);
  });

  it('paginates the list with a cursor', async () => {
    const c = new TestClient(server.baseUrl);
    await c.register();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(c, { name: `P${i}` })).json.id);
    const first = (await c.get('/api/agents?limit=2')).json;
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = (await c.get(`/api/agents?limit=2&cursor=${first.after}`)).json;
    expect(second.has_more).toBe(false);
    expect([...first.data, ...second.data].map((a: { id: string }) => a.id).sort()).toEqual([...ids].sort());
  });

  it('a USER without AGENTS CREATE cannot create or duplicate (403); only admins change role permissions', async () => {
    const own = (await create(alice)).json;
    expect((await alice.put('/api/roles/user/agents', { CREATE: false })).status).toBe(403);
    const updated = await admin.put('/api/roles/user/agents', { CREATE: false, BOGUS: true });
    expect(updated.status).toBe(200);
    expect(updated.json.permissions.AGENTS).toEqual({ SHARED_GLOBAL: false, USE: true, CREATE: false });
    try {
      const count = async () => (await server.db.kysely.selectFrom('agents').select('id').execute()).length;
      const before = await count();
      expect((await create(alice)).status).toBe(403);
      expect((await alice.post(`/api/agents/${own.id}/duplicate`)).status).toBe(403);
      expect(await count()).toBe(before);
      // USE still lists and reads.
      expect((await alice.get('/api/agents')).status).toBe(200);
      expect((await alice.get(`/api/agents/${own.id}`)).status).toBe(200);
    } finally {
      await admin.put('/api/roles/user/agents', { CREATE: true });
    }
    await admin.put('/api/roles/user/agents', { USE: false });
    try {
      expect((await alice.get('/api/agents')).status).toBe(403);
      expect((await alice.get(`/api/agents/${own.id}`)).status).toBe(403);
    } finally {
      await admin.put('/api/roles/user/agents', { USE: true });
    }
  });

  it("another user's private agent is invisible and a 404 for every call", async () => {
    const agent = (await create(alice, { name: 'Private' })).json;
    const list = (await bob.get('/api/agents')).json;
    expect(list.data.some((a: { id: string }) => a.id === agent.id)).toBe(false);
    expect((await bob.get(`/api/agents/${agent.id}`)).status).toBe(404);
    expect((await bob.patch(`/api/agents/${agent.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await bob.delete(`/api/agents/${agent.id}`)).status).toBe(404);
    expect((await bob.post(`/api/agents/${agent.id}/duplicate`)).status).toBe(404);
    const avatar = await postUpload(server.baseUrl, bob.token, [{ name: 'a.png', data: await pngImage(), type: 'image/png' }], {}, `/api/files/images/agents/${agent.id}/avatar`);
    expect(avatar.status).toBe(404);
    // Unknown and malformed ids answer the same.
    expect((await bob.get('/api/agents/agent_doesNotExist123456789')).status).toBe(404);
    expect((await bob.get('/api/agents/..%2Fetc')).status).toBe(404);
    expect((await alice.get(`/api/agents/${agent.id}`)).json.name).toBe('Private');
  });

  it('SHARED_GLOBAL shares with everyone; collaborative agents are editable by others but not deletable', async () => {
    const agent = (await create(alice, { name: 'Shared', instructions: 'secret sauce' })).json;
    // A USER has no SHARED_GLOBAL by default.
    expect((await alice.patch(`/api/agents/${agent.id}`, { projectIds: ['instance'] })).status).toBe(403);
    expect((await create(alice, { projectIds: ['instance'] })).status).toBe(403);
    expect((await bob.get(`/api/agents/${agent.id}`)).status).toBe(404);

    await admin.put('/api/roles/user/agents', { SHARED_GLOBAL: true });
    try {
      const shared = await alice.patch(`/api/agents/${agent.id}`, { projectIds: ['instance'] });
      expect(shared.status).toBe(200);
      expect(shared.json.projectIds).toEqual(['instance']);
    } finally {
      await admin.put('/api/roles/user/agents', { SHARED_GLOBAL: false });
    }

    // Bob sees it, without its instructions or author id; he may not change or delete it.
    expect((await bob.get('/api/agents')).json.data.map((a: { id: string }) => a.id)).toContain(agent.id);
    const seen = (await bob.get(`/api/agents/${agent.id}`)).json;
    expect(seen).toMatchObject({ id: agent.id, name: 'Shared', authorName: 'Alice', isCollaborative: false });
    expect(seen.instructions).toBeUndefined();
    expect(seen.author).toBeUndefined();
    expect((await bob.patch(`/api/agents/${agent.id}`, { name: 'Bob was here' })).status).toBe(403);
    expect((await bob.post(`/api/agents/${agent.id}/duplicate`)).status).toBe(403);
    expect((await bob.get('/api/agents?requiredPermission=2')).json.data.map((a: { id: string }) => a.id)).not.toContain(agent.id);

    expect((await alice.patch(`/api/agents/${agent.id}`, { isCollaborative: true })).json.isCollaborative).toBe(true);
    const edited = await bob.patch(`/api/agents/${agent.id}`, { name: 'Bob was here', isCollaborative: false, removeProjectIds: ['instance'] });
    expect(edited.status).toBe(200);
    // A collaborator edits the agent, not who may edit or see it.
    expect(edited.json).toMatchObject({ name: 'Bob was here', isCollaborative: true, projectIds: ['instance'], instructions: 'secret sauce' });
    expect((await bob.get('/api/agents?requiredPermission=2')).json.data.map((a: { id: string }) => a.id)).toContain(agent.id);
    expect((await bob.delete(`/api/agents/${agent.id}`)).status).toBe(403);
    expect((await alice.get(`/api/agents/${agent.id}`)).json.name).toBe('Bob was here');

    // Unsharing also needs SHARED_GLOBAL (as in LibreChat), and hides it again.
    expect((await alice.patch(`/api/agents/${agent.id}`, { removeProjectIds: ['instance'] })).status).toBe(403);
    await admin.put('/api/roles/user/agents', { SHARED_GLOBAL: true });
    try {
      expect((await alice.patch(`/api/agents/${agent.id}`, { removeProjectIds: ['instance'] })).json.projectIds).toEqual([]);
    } finally {
      await admin.put('/api/roles/user/agents', { SHARED_GLOBAL: false });
    }
    expect((await bob.get(`/api/agents/${agent.id}`)).status).toBe(404);
    expect((await alice.delete(`/api/agents/${agent.id}`)).status).toBe(200);
  });

  it('uploads an avatar, stored as a processed image and served', async () => {
    const agent = (await create(alice)).json;
    const res = await postUpload(server.baseUrl, alice.token, [{ name: 'me.png', data: await pngImage(300, 300), type: 'image/png' }], { agent_id: agent.id }, `/api/files/images/agents/${agent.id}/avatar`);
    expect(res.status).toBe(201);
    expect(res.json.id).toBe(agent.id);
    expect(res.json.avatar).toMatchObject({ source: 'local' });
    expect(res.json.avatar.filepath).toMatch(new RegExp(`^/api/files/avatar/${aliceId}/`));
    const bytes = await getBytes(server.baseUrl, undefined, res.json.avatar.filepath);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toMatch(/^image\//);

    // A copy shares the picture; a new picture for the copy leaves the original's in place.
    const copy = (await alice.post(`/api/agents/${agent.id}/duplicate`)).json.agent;
    expect(copy.avatar).toEqual(res.json.avatar);
    const next = await postUpload(server.baseUrl, alice.token, [{ name: 'new.png', data: await pngImage(64, 64, '#3030c0'), type: 'image/png' }], {}, `/api/files/images/agents/${copy.id}/avatar`);
    expect(next.json.avatar.filepath).not.toBe(res.json.avatar.filepath);
    expect((await getBytes(server.baseUrl, undefined, res.json.avatar.filepath)).status).toBe(200);
    // Replaced again, the copy's previous picture (shown nowhere else) is removed.
    await postUpload(server.baseUrl, alice.token, [{ name: 'third.png', data: await pngImage(), type: 'image/png' }], {}, `/api/files/images/agents/${copy.id}/avatar`);
    expect((await getBytes(server.baseUrl, undefined, next.json.avatar.filepath)).status).toBe(404);
  });

  it('tool credentials: asked once, stored encrypted, shown only as authenticated, removed on uninstall', async () => {
    const listed = (await alice.get('/api/agents/tools')).json;
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pluginKey: 'weather_lookup', name: 'Weather', authenticated: false, authConfig: tools[0]?.auth }),
        expect.objectContaining({ pluginKey: 'echo', authenticated: true }),
      ]),
    );
    expect((await alice.get('/api/agents/tools/weather_lookup/auth')).json).toEqual({ authenticated: false, message: 'user_provided' });
    expect((await alice.get('/api/agents/tools/echo/auth')).json).toEqual({ authenticated: true, message: 'system_defined' });
    expect((await alice.get('/api/agents/tools/nope/auth')).status).toBe(404);

    expect((await alice.post('/api/user/plugins', { pluginKey: 'weather_lookup', action: 'install', auth: {} })).status).toBe(400);
    expect((await alice.post('/api/user/plugins', { pluginKey: 'nope', action: 'install', auth: {} })).status).toBe(404);
    const install = await alice.post('/api/user/plugins', { pluginKey: 'weather_lookup', action: 'install', isEntityTool: true, auth: { WEATHER_API_KEY: SECRET, EXTRA: 'dropped' } });
    expect(install.status).toBe(200);

    const rows = await server.db.kysely.selectFrom('tool_credentials').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(rows[0]?.value).toMatch(/^v1:/);
    const tool = await server.app.tools.get(aliceId, 'weather_lookup');
    expect(tool && (await server.app.tools.credentialsFor(aliceId, tool))).toEqual({ WEATHER_API_KEY: SECRET });

    expect((await alice.get('/api/agents/tools/weather_lookup/auth')).json.authenticated).toBe(true);
    expect((await bob.get('/api/agents/tools/weather_lookup/auth')).json.authenticated).toBe(false);
    expect((await alice.get('/api/plugins')).json.find((p: { pluginKey: string }) => p.pluginKey === 'weather_lookup').authenticated).toBe(true);
    expect((await alice.get('/api/user')).json.plugins).toEqual(['weather_lookup']);
    expect((await alice.get('/api/agents/tools')).text).not.toContain(SECRET);

    expect((await alice.post('/api/user/plugins', { pluginKey: 'weather_lookup', action: 'uninstall' })).status).toBe(200);
    expect(await server.db.kysely.selectFrom('tool_credentials').selectAll().execute()).toHaveLength(0);
    expect((await alice.get('/api/user')).json.plugins).toEqual([]);
  });

  it('lists each tool with a line for people, never the instructions the model reads', async () => {
    const listed = (await alice.get('/api/agents/tools')).json as { pluginKey: string; description: string }[];
    const memeImage = listed.find((t) => t.pluginKey === 'create_meme_image');
    const model = (await server.app.tools.get(aliceId, 'create_meme_image'))?.description ?? '';
    expect(model).toContain('Gallery templates');
    expect(memeImage?.description).toBe(
      'Puts captions on a template or on a photo from the chat.',
    );
    // A tool without a line for people (an MCP server's, say) shows its description's first sentence.
    expect(listed.find((t) => t.pluginKey === 'echo')?.description).toBe('Echoes its arguments');
    expect((await alice.get('/api/plugins')).json).toEqual(expect.arrayContaining([expect.objectContaining({ pluginKey: 'create_meme_image', description: memeImage?.description })]));
  });

  it('runs a built-in tool by hand on a message of the caller, and lists the calls of the conversation', async () => {
    const seeded = await seedConversation(server.db, aliceId, { messages: [{ key: 'a', text: 'hello' }] });
    const messageId = seeded.ids.a;
    const call = await alice.post('/api/agents/tools/echo/call', { messageId, conversationId: seeded.conversationId, partIndex: 1, blockIndex: 0, lang: 'py', code: 'print(1)' });
    expect(call.status).toBe(200);
    expect(call.json).toEqual({ result: 'echo {"lang":"py","code":"print(1)"}', attachments: [] });
    const calls = (await alice.get(`/api/agents/tools/calls?conversationId=${seeded.conversationId}`)).json;
    expect(calls).toEqual([expect.objectContaining({ toolId: 'echo', messageId, conversationId: seeded.conversationId, partIndex: 1, blockIndex: 0, result: call.json.result })]);
    // Bob cannot run tools on Alice's messages, nor read her calls.
    expect((await bob.post('/api/agents/tools/echo/call', { messageId, conversationId: seeded.conversationId })).status).toBe(404);
    expect((await bob.get(`/api/agents/tools/calls?conversationId=${seeded.conversationId}`)).json).toEqual([]);
    // A tool that needs credentials the user has not given is refused.
    expect((await alice.post('/api/agents/tools/weather_lookup/call', { messageId, conversationId: seeded.conversationId })).status).toBe(400);
  });
});
