import { randomUUID } from 'node:crypto';
import { NO_PARENT, PERMISSION_FEATURES, ROLE_PERMISSION_PATHS, type PermissionFeatureName } from '@confab/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storedCounts, useChatServer } from './chat-harness.js';
import { TestClient } from './http-client.js';
import { readSse } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * Admin → Roles (issue 40): an administrator edits every feature's permissions per role through
 * the roles calls; each change is audited in its transaction; a USER is refused and nothing is
 * stored; every permission the server enforces follows the change on the very next request.
 */
const pathOf = (feature: PermissionFeatureName) => `/api/roles/USER/${ROLE_PERMISSION_PATHS[feature]}`;

describeEachDialect('Admin → Roles', (dialect) => {
  const h = useChatServer(dialect);
  let user: TestClient;

  beforeAll(async () => {
    // The harness's client signed up first: the administrator. This one is a USER.
    user = new TestClient(h.server.baseUrl);
    await user.register();
  });

  const auditRows = () =>
    h.server.db.kysely
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'role.permissions')
      .orderBy('id')
      .execute();
  const setUser = async (feature: PermissionFeatureName, changes: Record<string, unknown>) => {
    const res = await h.client.put(pathOf(feature), changes);
    expect(res.status).toBe(200);
    return res;
  };

  it('refuses a USER (403) and a visitor (401) on every feature, storing nothing', async () => {
    const before = await h.client.get('/api/roles/USER');
    const audited = (await auditRows()).length;
    for (const feature of PERMISSION_FEATURES) {
      expect((await user.put(pathOf(feature), { USE: false })).status).toBe(403);
      expect((await new TestClient(h.server.baseUrl).put(pathOf(feature), { USE: false })).status).toBe(401);
    }
    expect((await h.client.get('/api/roles/USER')).json).toEqual(before.json);
    expect(await auditRows()).toHaveLength(audited);
    // A user reads their own role, not the administrators'.
    expect((await user.get('/api/roles/USER')).status).toBe(200);
    expect((await user.get('/api/roles/ADMIN')).status).toBe(403);
  });

  it('edits each feature of each role, answering the role and auditing before and after', async () => {
    for (const feature of PERMISSION_FEATURES) {
      const res = await setUser(feature, { USE: false, user: 'x', CREATE_ALL: true });
      expect(res.json.name).toBe('USER');
      expect(res.json.permissions[feature].USE).toBe(false);
      expect(res.json.permissions[feature]).not.toHaveProperty('CREATE_ALL');
      const [row] = (await auditRows()).slice(-1);
      expect(row).toMatchObject({ target_type: 'role', target_id: 'USER', actor_label: expect.stringContaining('@') });
      expect(JSON.parse(row?.details ?? '{}')).toEqual({
        feature,
        before: expect.objectContaining({ USE: true }),
        after: expect.objectContaining({ USE: false }),
      });
      await setUser(feature, { USE: true });
    }
    // SHARED_GLOBAL of prompts and agents, on the ADMIN role too.
    const admin = await h.client.put('/api/roles/admin/agents', { SHARED_GLOBAL: false });
    expect(admin.json.permissions.AGENTS).toEqual({ SHARED_GLOBAL: false, USE: true, CREATE: true });
    await h.client.put('/api/roles/ADMIN/agents', { SHARED_GLOBAL: true });
    // A change that changes nothing is not an action.
    const audited = (await auditRows()).length;
    await setUser('BOOKMARKS', { USE: true });
    expect(await auditRows()).toHaveLength(audited);
    // Unknown role 404, a wrong value 400; neither audited.
    expect((await h.client.put('/api/roles/OWNER/bookmarks', { USE: false })).status).toBe(404);
    expect((await h.client.put('/api/roles/USER/bookmarks', { USE: 'no' })).status).toBe(400);
    expect(await auditRows()).toHaveLength(audited);
  });

  it('applies each change to the signed-in user on their next request', async () => {
    const expectStatus = async (call: () => Promise<{ status: number }>, status: number) =>
      expect((await call()).status).toBe(status);

    await setUser('BOOKMARKS', { USE: false });
    await expectStatus(() => user.get('/api/tags'), 403);
    await expectStatus(() => user.post('/api/tags', { tag: 'work' }), 403);
    await setUser('BOOKMARKS', { USE: true });
    await expectStatus(() => user.get('/api/tags'), 200);

    await setUser('PROMPTS', { CREATE: false });
    await expectStatus(() => user.get('/api/prompts/groups'), 200);
    await expectStatus(
      () => user.post('/api/prompts', { prompt: { prompt: 'hi', type: 'text' }, group: { name: 'g' } }),
      403,
    );
    await setUser('PROMPTS', { USE: false, CREATE: true });
    await expectStatus(() => user.get('/api/prompts/groups'), 403);
    await setUser('PROMPTS', { USE: true });
    await expectStatus(() => user.get('/api/prompts/groups'), 200);

    await setUser('AGENTS', { CREATE: false });
    await expectStatus(() => user.get('/api/agents'), 200);
    await expectStatus(() => user.post('/api/agents', { name: 'A', provider: 'openAI', model: 'gpt-4o-mini' }), 403);
    await setUser('AGENTS', { USE: false, CREATE: true });
    await expectStatus(() => user.get('/api/agents'), 403);
    await setUser('AGENTS', { USE: true });
    await expectStatus(() => user.post('/api/agents', { name: 'A', provider: 'openAI', model: 'gpt-4o-mini' }), 201);

    await setUser('TEMPORARY_CHAT', { USE: false });
    const stored = await storedCounts(h.server);
    await expectStatus(() => h.ask({ text: 'temporary', isTemporary: true }, undefined, user), 403);
    expect(await storedCounts(h.server)).toEqual(stored);
    await setUser('TEMPORARY_CHAT', { USE: true });
    h.sim.enqueue({ text: 'Fine' });
    await expectStatus(() => h.ask({ text: 'temporary', isTemporary: true }, undefined, user), 200);
  });

  it('refuses both columns of a multi-conversation ask without MULTI_CONVO USE, storing nothing', async () => {
    const ask = (column: 0 | 1, id: string) =>
      readSse(`${h.server.baseUrl}/api/ask/openAI`, {
        token: user.token,
        body: {
          endpoint: 'openAI',
          model: 'gpt-4o-mini',
          text: 'two models',
          conversationId: null,
          parentMessageId: NO_PARENT,
          messageId: `${id}__${column}`,
          overrideUserMessageId: `${id}__${column}`,
        },
      });
    await setUser('MULTI_CONVO', { USE: false });
    const stored = await storedCounts(h.server);
    const id = randomUUID();
    expect((await ask(0, id)).status).toBe(403);
    expect((await ask(1, id)).status).toBe(403);
    expect(await storedCounts(h.server)).toEqual(stored);
    // A plain ask is still allowed; MULTI_CONVO back on, the first column answers again.
    h.sim.enqueue({ text: 'Plain' });
    expect((await h.ask({ text: 'one model' }, undefined, user)).status).toBe(200);
    await setUser('MULTI_CONVO', { USE: true });
    h.sim.enqueue({ text: 'Column 0' });
    expect((await ask(0, randomUUID())).status).toBe(200);
  });

  it('refuses the Run button without RUN_CODE USE on the next request', async () => {
    h.sim.enqueue({ text: 'Here is code' });
    const asked = await h.ask({ text: 'code please' }, undefined, user);
    const final = asked.frames.find((f) => f.data.final)?.data;
    const call = () =>
      user.post('/api/agents/tools/execute_code/call', {
        messageId: final.responseMessage.messageId,
        conversationId: final.conversation.conversationId,
        lang: 'py',
        code: "print('x')",
      });
    await setUser('RUN_CODE', { USE: false });
    const res = await call();
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/run code/);
    // Turned back on, the call runs again (code-execution.test.ts runs it; a sandbox run here would only be slow).
    await setUser('RUN_CODE', { USE: true });
  });
});

describeEachDialect('interface toggles turn the role permissions off at start', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  const off = {
    prompts: false,
    bookmarks: false,
    agents: false,
    multiConvo: false,
    temporaryChat: false,
    runCode: false,
    webSearch: false,
    memories: false,
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { interface: off } });
    admin = new TestClient(server.baseUrl);
    await admin.register();
  });
  afterAll(() => server.close());

  it('stores USE off for both roles, and refuses to turn it back on (409) while the config says off', async () => {
    for (const role of ['ADMIN', 'USER']) {
      const { json } = await admin.get(`/api/roles/${role}`);
      for (const feature of PERMISSION_FEATURES)
        expect(json.permissions[feature].USE, `${role} ${feature}`).toBe(false);
    }
    for (const feature of PERMISSION_FEATURES) {
      const res = await admin.put(pathOf(feature), { USE: true });
      expect(res.status).toBe(409);
      expect(res.json.message).toMatch(/interface\./);
    }
    expect((await admin.get('/api/roles/USER')).json.permissions.BOOKMARKS.USE).toBe(false);
    // What the toggle leaves alone stays editable.
    expect((await admin.put('/api/roles/USER/prompts', { CREATE: false })).status).toBe(200);
    expect((await admin.get('/api/tags')).status).toBe(403);
  });
});
