import { NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';

describeEachDialect('user-provided keys', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;
  let client: TestClient;
  const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
  const ask = (endpoint: string, c: TestClient = client) =>
    readSse(`${server.baseUrl}/api/ask/custom`, {
      token: c.token,
      body: { text: 'hello', endpoint, endpointType: 'custom', model: 'm1', parentMessageId: NO_PARENT, conversationId: null },
    });
  const errorType = (frames: { event: string; data: any }[]) => {
    const last = frames.at(-1)!;
    return last.event === 'error' ? JSON.parse(last.data.text).type : undefined;
  };

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-user' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-server', TITLE_CONVO: 'false' },
      config: {
        endpoints: {
          custom: [
            { name: 'BringYourKey', apiKey: 'user_provided', baseURL: sim.url, models: { default: ['m1'] } },
            { name: 'BringYourURL', apiKey: 'user_provided', baseURL: 'user_provided', models: { default: ['m1'] } },
          ],
        },
      },
    });
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(async () => {
    await server.close();
    await sim.close();
  });

  it('without a key the chat answers no_user_key, and the endpoint says so', async () => {
    const endpoints = await client.get('/api/endpoints');
    expect(endpoints.json.BringYourKey).toMatchObject({ userProvide: true, type: 'custom' });
    expect(endpoints.json.BringYourURL).toMatchObject({ userProvide: true, userProvideURL: true });
    expect(errorType((await ask('BringYourKey')).frames)).toBe('no_user_key');
  });

  it('saves a key encrypted, never returns it, and chats with it', async () => {
    const expiresAt = inAnHour();
    const put = await client.put('/api/keys', { name: 'BringYourKey', value: 'sk-user', expiresAt });
    expect(put.status).toBe(201);
    const got = await client.get('/api/keys?name=BringYourKey');
    expect(got.json).toEqual({ expiresAt });
    expect(got.text).not.toContain('sk-user');
    const stored = await server.db.kysely.selectFrom('user_keys').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain('sk-user');

    const { frames } = await ask('BringYourKey');
    expect(finalFrame(frames)!.data.responseMessage.text).toBe('Echo: hello');
    expect(sim.requests.at(-1)!.headers.authorization).toBe('Bearer sk-user');
  });

  it('a wrong key gives invalid_user_key; an expired one expired_user_key', async () => {
    await client.put('/api/keys', { name: 'BringYourKey', value: 'sk-wrong', expiresAt: inAnHour() });
    expect(errorType((await ask('BringYourKey')).frames)).toBe('invalid_user_key');
    await client.put('/api/keys', { name: 'BringYourKey', value: 'sk-user', expiresAt: inAnHour() });
    await server.db.kysely.updateTable('user_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const { frames } = await ask('BringYourKey');
    expect(errorType(frames)).toBe('expired_user_key');
    expect(JSON.parse(frames.at(-1)!.data.text).info.endpoint).toBe('BringYourKey');
  });

  it('accepts a key in any of its shapes: AWS access keys, a Google service key', async () => {
    const aws = await client.put('/api/keys', { name: 'BringYourKey', value: JSON.stringify({ accessKeyId: 'AKID', secretAccessKey: 's' }), expiresAt: null });
    expect(aws.status).toBe(201);
    const google = await client.put('/api/keys', { name: 'BringYourKey', value: JSON.stringify({ GOOGLE_SERVICE_KEY: { client_email: 'a@b.co' } }), expiresAt: null });
    expect(google.status).toBe(201);
    await client.delete('/api/keys?all=true');
  });

  it('keys are per user', async () => {
    const other = new TestClient(server.baseUrl);
    await other.register();
    await client.put('/api/keys', { name: 'BringYourKey', value: 'sk-user', expiresAt: null });
    expect((await other.get('/api/keys?name=BringYourKey')).json.expiresAt).toBeNull();
    expect(errorType((await ask('BringYourKey', other)).frames)).toBe('no_user_key');
    await other.delete('/api/keys/BringYourKey');
    expect(finalFrame((await ask('BringYourKey')).frames)).toBeTruthy();
  });

  it('revoking brings back no_user_key', async () => {
    await client.put('/api/keys', { name: 'BringYourKey', value: 'sk-user', expiresAt: null });
    expect((await client.delete('/api/keys/BringYourKey')).json.deletedCount).toBe(1);
    expect(errorType((await ask('BringYourKey')).frames)).toBe('no_user_key');
    await client.put('/api/keys', { name: 'BringYourKey', value: 'sk-user', expiresAt: null });
    expect((await client.delete('/api/keys?all=true')).json.deletedCount).toBe(1);
    expect((await client.delete('/api/keys')).status).toBe(400);
  });

  it.each([
    ['a missing value', { name: 'BringYourKey' }, /value is required/],
    ['an empty value', { name: 'BringYourKey', value: '' }, /value is required/],
    ['an unknown endpoint', { name: 'Nope', value: 'x' }, /does not take/],
    ['an endpoint with a server key', { name: 'openAI', value: 'x' }, /does not take/],
    ['a past expiry', { name: 'BringYourKey', value: 'x', expiresAt: new Date(Date.now() - 5000).toISOString() }, /future/],
    ['a missing baseURL', { name: 'BringYourURL', value: JSON.stringify({ apiKey: 'x' }) }, /baseURL is required/],
  ])('refuses %s and stores nothing', async (_label, body, message) => {
    await client.delete('/api/keys?all=true');
    const res = await client.put('/api/keys', body);
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(message);
    expect(await server.db.kysely.selectFrom('user_keys').selectAll().execute()).toEqual([]);
  });

  it('a user-supplied base URL pointing inside the network is refused by the egress guard', async () => {
    await client.put('/api/keys', { name: 'BringYourURL', value: JSON.stringify({ apiKey: 'sk-user', baseURL: sim.url }), expiresAt: null });
    const before = sim.requests.length;
    const { frames } = await ask('BringYourURL');
    const last = frames.at(-1)!;
    expect(last.event).toBe('error');
    expect(JSON.parse(last.data.text).message).toMatch(/not allowed/);
    expect(sim.requests.length).toBe(before);
  });
});

describe('presets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('creates, updates, lists, sets one default, and deletes — only the owner', async () => {
    const a = new TestClient(server.baseUrl);
    await a.register();
    const created = await a.post('/api/presets', { title: 'Creative', endpoint: 'openAI', model: 'gpt-4o', temperature: 1.5, defaultPreset: true, user: 'someone-else' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: 'Creative', endpoint: 'openAI', model: 'gpt-4o', temperature: 1.5, defaultPreset: true });
    const second = await a.post('/api/presets', { title: 'Precise', endpoint: 'openAI', temperature: 0.1, defaultPreset: true });
    const list = (await a.get('/api/presets')).json;
    expect(list).toHaveLength(2);
    expect(list.filter((p: any) => p.defaultPreset).map((p: any) => p.title)).toEqual(['Precise']);
    const updated = await a.post('/api/presets', { presetId: created.json.presetId, title: 'Creative 2', endpoint: 'openAI', temperature: 1.2 });
    expect(updated.json.title).toBe('Creative 2');
    expect(updated.json.user).not.toBe('someone-else');

    const b = new TestClient(server.baseUrl);
    await b.register();
    expect((await b.get('/api/presets')).json).toEqual([]);
    expect((await b.post('/api/presets', { presetId: created.json.presetId, title: 'Hijacked', endpoint: 'openAI' })).status).toBe(404);
    expect((await b.post('/api/presets/delete', { presetId: created.json.presetId })).json.deletedCount).toBe(0);
    expect((await a.get('/api/presets')).json.map((p: any) => p.title).sort()).toEqual(['Creative 2', 'Precise']);

    expect((await a.post('/api/presets', { title: 'bad', endpoint: 'openAI', temperature: 7 })).status).toBe(400);
    expect((await a.post('/api/presets', { title: 'bad', endpoint: 'openAI', stop: ['a', 'b', 'c', 'd', 'e'] })).status).toBe(400);
    expect((await a.post('/api/presets/delete', { presetId: second.json.presetId })).json.deletedCount).toBe(1);
    expect((await a.post('/api/presets/delete', {})).json.deletedCount).toBe(1);
  });

  it("naming someone else's preset is refused before anything is written: the caller's default stays", async () => {
    const a = new TestClient(server.baseUrl);
    await a.register();
    const b = new TestClient(server.baseUrl);
    await b.register();
    const mine = await a.post('/api/presets', { title: 'Mine', endpoint: 'openAI', defaultPreset: true });
    const theirs = await b.post('/api/presets', { title: 'Theirs', endpoint: 'openAI' });
    const refused = await a.post('/api/presets', { presetId: theirs.json.presetId, title: 'Hijacked', endpoint: 'openAI', defaultPreset: true });
    expect(refused.status).toBe(404);
    expect((await a.get('/api/presets')).json).toEqual([mine.json]);
    expect((await b.get('/api/presets')).json).toEqual([theirs.json]);
  });

  it('refuses free-form settings nested past 100 levels with a 400, storing nothing', async () => {
    const a = new TestClient(server.baseUrl);
    await a.register();
    // 10,000 levels overflowed the stack of the walks after validation: a 500.
    for (const depth of [101, 10_000]) {
      const nested = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      for (const field of [`"additionalModelRequestFields":{"x":${nested}}`, `"tools":[{"pluginKey":"k","x":${nested}}]`]) {
        const res = await a.post('/api/presets', undefined, { raw: `{"endpoint":"openAI","title":"deep",${field}}` });
        expect(res.status, res.text).toBe(400);
        expect(res.json).toEqual({ code: 'validation_error', message: 'The request nests objects and arrays deeper than 100 levels.' });
      }
    }
    expect((await a.get('/api/presets')).json).toEqual([]);
    const nested = '{"a":'.repeat(90) + '1' + '}'.repeat(90);
    const kept = await a.post('/api/presets', undefined, { raw: `{"endpoint":"openAI","title":"fine","additionalModelRequestFields":{"x":${nested}}}` });
    expect(kept.status).toBe(201);
  });
});
