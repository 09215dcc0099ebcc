import { NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { readSse } from './sse-client.js';
import { DIALECTS, describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * First run (issue 25): the administrator adds an endpoint in the browser; chats use it at once
 * (no restart), everyone sees it, nobody ever receives its key, and it is stored encrypted.
 */
const KEY = 'sk-admin-secret-key-7f3a9c';

describeEachDialect('endpoints the administrator adds', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  const bodies: string[] = [];

  /** Every answer either client received, to prove the key never left the server. */
  const recorded = (client: TestClient) => {
    const request = client.request.bind(client);
    client.request = async (...args: Parameters<TestClient['request']>) => {
      const res = await request(...args);
      bodies.push(JSON.stringify(res.json ?? res.text ?? ''));
      return res;
    };
    return client;
  };

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: KEY });
    server = await startTestServer({ dialect, env: { TITLE_CONVO: 'false' } });
    admin = recorded(new TestClient(server.baseUrl));
    await admin.register({ name: 'First Admin' });
    user = recorded(new TestClient(server.baseUrl));
    await user.register({ name: 'Second User' });
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });
  beforeEach(() => sim.reset());

  const simulator = () => ({
    family: 'custom',
    name: 'My Simulator',
    baseURL: sim.url,
    apiKey: KEY,
    models: ['sim-1', 'sim-2'],
  });

  it('starts with nothing to chat with: setup is needed, for everyone to see', async () => {
    expect((await admin.get('/api/admin/setup-status')).json).toEqual({ needsSetup: true, activeEndpoints: 0 });
    expect((await user.get('/api/admin/setup-status')).json).toMatchObject({ needsSetup: true });
    expect((await admin.get('/api/admin/endpoints')).json).toEqual({ endpoints: [] });
  });

  it('refuses everyone but administrators, and stores nothing then', async () => {
    expect((await user.get('/api/admin/endpoints')).status).toBe(403);
    const refused = await user.post('/api/admin/endpoints', simulator());
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'forbidden' });
    expect((await user.post('/api/admin/endpoints/test', { family: 'custom', baseURL: sim.url })).status).toBe(403);
    expect(await server.db.kysely.selectFrom('managed_endpoints').selectAll().execute()).toEqual([]);
  });

  it('answers 400 with the field for a custom endpoint without a URL or with a built-in name', async () => {
    const noUrl = await admin.post('/api/admin/endpoints', { family: 'custom', name: 'X', apiKey: KEY });
    expect(noUrl.status).toBe(400);
    expect(noUrl.json).toMatchObject({ code: 'validation_error', issues: [{ path: 'baseURL' }] });
    const builtIn = await admin.post('/api/admin/endpoints', { ...simulator(), name: 'openAI' });
    expect(builtIn.status).toBe(400);
    const badUrl = await admin.post('/api/admin/endpoints', { ...simulator(), baseURL: 'file:///etc/passwd' });
    expect(badUrl.status).toBe(400);
    expect(await server.db.kysely.selectFrom('managed_endpoints').selectAll().execute()).toEqual([]);
  });

  it('adds an endpoint that both users can chat with at once, with its key encrypted and never sent back', async () => {
    const created = await admin.post('/api/admin/endpoints', simulator());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'My Simulator',
      family: 'custom',
      source: 'setup',
      hasKey: true,
      keyLast4: KEY.slice(-4),
      models: ['sim-1', 'sim-2'],
      isActive: true,
    });
    expect(JSON.stringify(created.json)).not.toContain(KEY);

    const row = await server.db.kysely.selectFrom('managed_endpoints').selectAll().executeTakeFirstOrThrow();
    expect(row.api_key_encrypted).toBeTruthy();
    expect(row.api_key_encrypted).not.toContain(KEY);
    expect(JSON.stringify(row)).not.toContain(KEY);

    for (const client of [admin, user]) {
      const endpoints = (await client.get('/api/endpoints')).json as Record<string, { type?: string }>;
      expect(endpoints['My Simulator']).toMatchObject({ type: 'custom' });
      const models = (await client.get('/api/models')).json as Record<string, string[]>;
      expect(models['My Simulator']).toEqual(['sim-1', 'sim-2']);
    }
    expect((await user.get('/api/admin/setup-status')).json).toEqual({ needsSetup: false, activeEndpoints: 1 });

    sim.enqueue({ text: 'Hello from the added endpoint' });
    const chat = await readSse(`${server.baseUrl}/api/ask/custom`, {
      token: user.token,
      body: {
        endpoint: 'My Simulator',
        model: 'sim-2',
        text: 'Hi',
        parentMessageId: NO_PARENT,
        conversationId: null,
      },
    });
    expect(chat.status).toBe(200);
    const final = chat.frames.find((f) => (f.data as { final?: boolean } | undefined)?.final);
    expect(JSON.stringify(final?.data)).toContain('Hello from the added endpoint');
    // The server called the simulator with the stored key.
    expect(sim.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(bodies.join('\n')).not.toContain(KEY);
  });

  it('edits without resending the key (kept), refuses a duplicate name with 409, and removes', async () => {
    const { endpoints } = (await admin.get('/api/admin/endpoints')).json as {
      endpoints: { id: string; name: string }[];
    };
    const id = endpoints.find((e) => e.name === 'My Simulator')?.id;
    expect(id).toBeTruthy();

    const edited = await admin.patch(`/api/admin/endpoints/${id}`, {
      ...simulator(),
      apiKey: undefined,
      models: ['sim-3'],
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ hasKey: true, keyLast4: KEY.slice(-4), models: ['sim-3'] });
    expect(((await user.get('/api/models')).json as Record<string, string[]>)['My Simulator']).toEqual(['sim-3']);

    const duplicate = await admin.post('/api/admin/endpoints', simulator());
    expect(duplicate.status).toBe(409);
    expect(duplicate.json).toMatchObject({ code: 'endpoint_exists' });

    expect((await user.delete(`/api/admin/endpoints/${id}`)).status).toBe(403);
    expect((await admin.delete(`/api/admin/endpoints/${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/endpoints/${id}`)).status).toBe(404);
    expect((await user.get('/api/endpoints')).json).not.toHaveProperty(['My Simulator']);
    expect((await user.get('/api/admin/setup-status')).json).toMatchObject({ needsSetup: true });
    expect(bodies.join('\n')).not.toContain(KEY);
  });
});

describe('an endpoint config.yaml also defines', () => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer({
      config: {
        endpoints: {
          custom: [
            {
              name: 'Shared',
              apiKey: 'sk-from-the-config-file-1234',
              baseURL: 'http://127.0.0.1:9/v1',
              models: { default: ['file-model'] },
            },
          ],
        },
      },
    });
    admin = new TestClient(server.baseUrl);
    await admin.register();
  });
  afterAll(() => server?.close());

  it('lists the file’s endpoint with its source, and a stored one of the same name as overridden by config.yaml', async () => {
    const created = await admin.post('/api/admin/endpoints', {
      family: 'custom',
      name: 'Shared',
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-stored-in-the-database-5678',
      models: ['db-model'],
    });
    expect(created.json).toMatchObject({ overriddenBy: 'config.yaml', isActive: false });
    const { endpoints } = (await admin.get('/api/admin/endpoints')).json as { endpoints: Record<string, unknown>[] };
    expect(endpoints).toEqual([
      expect.objectContaining({
        name: 'Shared',
        source: 'config',
        models: ['file-model'],
        keyLast4: '1234',
        isActive: true,
      }),
      expect.objectContaining({ name: 'Shared', source: 'setup', models: ['db-model'], isActive: false }),
    ]);
    expect(JSON.stringify(endpoints)).not.toContain('sk-from-the-config-file');
    // The file wins in chats.
    expect(((await admin.get('/api/models')).json as Record<string, string[]>).Shared).toEqual(['file-model']);
  });
});

const describeWithRedis = process.env.TEST_REDIS_URI ? describe : describe.skip;

describeWithRedis.each(DIALECTS)('endpoints added on one instance [%s]', (dialect) => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer({ dialect, redis: true });
    b = await startTestServer({ dialect, redis: true, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('reach the other instance without a restart', async () => {
    const admin = new TestClient(a.baseUrl);
    await admin.register();
    const onB = new TestClient(b.baseUrl);
    onB.token = admin.token;
    const name = `Scaled ${Date.now()}`;
    const created = await admin.post('/api/admin/endpoints', {
      family: 'custom',
      name,
      baseURL: 'http://127.0.0.1:9/v1',
      models: ['m'],
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => Object.keys((await onB.get('/api/endpoints')).json as object), { timeout: 5000 })
      .toContain(name);
  });
});
