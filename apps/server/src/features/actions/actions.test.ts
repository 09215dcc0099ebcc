import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { petStoreSpec, startOpenApiTestServer, type OpenApiTestServer } from '../../../test/fixtures/openapi-test-server.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import type { ToolContext, ToolDefinition, ToolOutput } from '../tools/tool-types.js';

const log = { debug() {}, info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const textOf = (output: ToolOutput): string => output.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');

describeEachDialect('agent actions (OpenAPI)', (dialect) => {
  let api: OpenApiTestServer;
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let agentId: string;

  beforeAll(async () => {
    api = await startOpenApiTestServer();
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk', OPENAI_MODELS: 'gpt-4o-mini', DOMAIN_SERVER: 'https://chat.example.com' },
      config: { actions: { allowedDomains: ['api.example.com', '*.example.net', 'auth.example.org'] } },
      actionsFetch: api.pinnedFetch,
    });
    alice = new TestClient(server.baseUrl);
    aliceId = (await alice.register({ name: 'Alice' })).user.id;
    bob = new TestClient(server.baseUrl);
    await bob.register({ name: 'Bob' });
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });
  beforeEach(async () => {
    api.received.length = 0;
    const created = await alice.post('/api/agents', { name: 'Pets', provider: 'openAI', model: 'gpt-4o-mini' });
    expect(created.status).toBe(201);
    agentId = created.json.id as string;
  });

  const save = (client: TestClient, metadata: Record<string, unknown>, actionId?: string, agent = agentId) =>
    client.post(`/api/agents/actions/${agent}`, {
      functions: [{ type: 'function', function: { name: 'getPet', description: '', parameters: {} } }],
      ...(actionId ? { action_id: actionId } : {}),
      metadata: { domain: 'api.example.com', raw_spec: petStoreSpec(), ...metadata },
    });

  async function tool(name: string, userId = aliceId): Promise<ToolDefinition> {
    const found = await server.app.tools.get(userId, name);
    if (!found) throw new Error(`no tool ${name}`);
    return found;
  }
  const context = (userId = aliceId): ToolContext => ({ userId, conversationId: 'c', messageId: 'm', toolCallId: 't', agentId, signal: new AbortController().signal, log });
  const actionRows = () => server.db.kysely.selectFrom('actions').selectAll().where('agent_id', '=', agentId).execute();

  it('saves an action in LibreChat’s shapes and runs its operations with params in path, query, header and body', async () => {
    const res = await save(alice, { auth: { type: 'none' }, privacy_policy_url: 'https://example.com/privacy', user: 'someone', unknown: 1 });
    expect(res.status).toBe(200);
    const [agent, action] = res.json as [Record<string, unknown>, Record<string, unknown>];
    expect(agent.tools).toEqual(['getPet_action_api_example_com', 'addPet_action_api_example_com']);
    expect(agent.actions).toEqual([`api_example_com_action_${String(action.action_id)}`]);
    expect(action).toMatchObject({ agent_id: agentId, user: aliceId, metadata: { domain: 'api.example.com', auth: { type: 'none' }, privacy_policy_url: 'https://example.com/privacy' } });
    expect((await alice.get('/api/agents/actions')).json).toEqual([expect.objectContaining({ action_id: action.action_id })]);

    const getPet = await tool('getPet_action_api_example_com');
    expect(getPet).toMatchObject({ kind: 'action', group: 'api.example.com', description: 'Gets a pet' });
    expect(getPet.inputSchema).toMatchObject({ type: 'object', required: ['petId'], properties: { petId: { type: 'string' }, verbose: { type: 'boolean' } } });
    const out = await getPet.run(context(), { petId: 'rex/1', verbose: true, 'X-Trace': 'abc' });
    expect(out.isError).toBeUndefined();
    expect(JSON.parse(textOf(out))).toMatchObject({ ok: true, method: 'GET', url: '/v1/pets/rex%2F1?verbose=true' });
    expect(api.received[0]?.headers).toMatchObject({ 'x-trace': 'abc', 'x-original-host': 'api.example.com' });
    expect(api.received[0]?.headers.authorization).toBeUndefined();

    const addPet = await tool('addPet_action_api_example_com');
    expect(addPet.inputSchema).toMatchObject({ required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer' } } });
    await addPet.run(context(), { name: 'Rex', age: 3 });
    expect(api.received[1]).toMatchObject({ method: 'POST', url: '/v1/pets', body: '{"name":"Rex","age":3}' });
    expect(api.received[1]?.headers['content-type']).toBe('application/json');
  });

  it('sends each service_http auth type with the right header; the key is stored encrypted and never returned', async () => {
    const first = await save(alice, { auth: { type: 'service_http', authorization_type: 'bearer' }, api_key: 'sk-secret-1' });
    expect(first.status).toBe(200);
    const actionId = String(first.json[1].action_id);
    const getPet = await tool('getPet_action_api_example_com');
    await getPet.run(context(), { petId: '1' });
    expect(api.received.at(-1)?.headers.authorization).toBe('Bearer sk-secret-1');

    // api_key left blank keeps the stored one.
    expect((await save(alice, { auth: { type: 'service_http', authorization_type: 'basic' } }, actionId)).status).toBe(200);
    await (await tool('getPet_action_api_example_com')).run(context(), { petId: '1' });
    expect(api.received.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from('sk-secret-1').toString('base64')}`);

    expect((await save(alice, { auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key' }, api_key: 'sk-2' }, actionId)).status).toBe(200);
    await (await tool('getPet_action_api_example_com')).run(context(), { petId: '1', 'X-Api-Key': 'from-the-model' });
    expect(api.received.at(-1)?.headers['x-api-key']).toBe('sk-2');
    expect(api.received.at(-1)?.headers.authorization).toBeUndefined();

    const [row] = await actionRows();
    expect(row?.metadata).not.toContain('sk-2');
    expect(row?.metadata).not.toContain('sk-secret-1');
    const listed = (await alice.get('/api/agents/actions')).json as { metadata: Record<string, unknown> }[];
    expect(listed[0]?.metadata.api_key).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain('sk-2');
  });

  it('OAuth: no token gives SPEC 8’s message and the sign-in link; the callback exchanges the code with either method; an expired token asks again', async () => {
    const oauth = {
      type: 'oauth',
      authorization_url: 'https://auth.example.org/authorize',
      client_url: 'https://auth.example.org/oauth/token',
      scope: 'pets:read',
      token_exchange_method: 'default_post',
    };
    const saved = await save(alice, { auth: oauth, oauth_client_id: 'client-1', oauth_client_secret: 'shh' });
    expect(saved.status).toBe(200);
    const actionId = String(saved.json[1].action_id);
    const getPet = await tool('getPet_action_api_example_com');
    const needsSignIn = await getPet.run(context(), { petId: '1' });
    expect(needsSignIn.isError).toBe(true);
    expect(textOf(needsSignIn)).toBe('No access token found. Please log in first.');
    const link = new URL(needsSignIn.signIn?.url ?? '');
    expect(link.origin + link.pathname).toBe('https://auth.example.org/authorize');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'client-1',
      scope: 'pets:read',
      redirect_uri: `https://chat.example.com/api/actions/${actionId}/oauth/callback`,
    });
    expect(needsSignIn.signIn?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(api.received).toHaveLength(0);

    const state = link.searchParams.get('state') ?? '';
    const callback = (code: string, s = state) => fetch(`${server.baseUrl}/api/actions/${actionId}/oauth/callback?code=${code}&state=${encodeURIComponent(s)}`);
    expect((await callback('abc', `${state}x`)).status).toBe(400);
    expect(api.received).toHaveLength(0);

    const done = await callback('abc');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are signed in');
    const exchange = api.received.at(-1);
    expect(exchange).toMatchObject({ method: 'POST', url: '/oauth/token' });
    expect(Object.fromEntries(new URLSearchParams(exchange?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'abc',
      redirect_uri: `https://chat.example.com/api/actions/${actionId}/oauth/callback`,
      client_id: 'client-1',
      client_secret: 'shh',
    });
    await getPet.run(context(), { petId: '1' });
    expect(api.received.at(-1)?.headers.authorization).toBe('Bearer token-1');
    // The token is the user's own: Bob has none.
    const tokens = await server.db.kysely.selectFrom('tool_credentials').select(['user_id', 'value']).where('tool_key', '=', `action_oauth_${actionId}`).execute();
    expect(tokens.map((t) => t.user_id)).toEqual([aliceId]);
    expect(tokens[0]?.value).not.toContain('token-1');

    expect((await save(alice, { auth: { ...oauth, token_exchange_method: 'basic_auth_header' } }, actionId)).status).toBe(200);
    api.tokenResponse = { access_token: 'token-2', expires_in: 1 };
    expect((await callback('def')).status).toBe(200);
    const basic = api.received.at(-1);
    expect(basic?.headers.authorization).toBe(`Basic ${Buffer.from('client-1:shh').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(basic?.body))).toEqual({ grant_type: 'authorization_code', code: 'def', redirect_uri: `https://chat.example.com/api/actions/${actionId}/oauth/callback` });
    await new Promise((r) => setTimeout(r, 1100));
    const expired = await (await tool('getPet_action_api_example_com')).run(context(), { petId: '1' });
    expect(textOf(expired)).toBe('Access token is expired. Please re-login.');
    expect(expired.signIn?.url).toContain('https://auth.example.org/authorize?');

    // With a refresh token, an expired token is refreshed (same exchange method) and the call goes through.
    api.tokenResponse = { access_token: 'token-3', refresh_token: 'refresh-1', expires_in: 1 };
    expect((await callback('ghi')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    api.tokenResponse = { access_token: 'token-4', expires_in: 3600 };
    const refreshed = await (await tool('getPet_action_api_example_com')).run(context(), { petId: '1' });
    expect(refreshed.isError).toBeUndefined();
    const refresh = api.received.at(-2);
    expect(refresh?.headers.authorization).toBe(`Basic ${Buffer.from('client-1:shh').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(refresh?.body))).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(api.received.at(-1)?.headers.authorization).toBe('Bearer token-4');
    api.tokenResponse = { access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 };
  });

  it('refuses a domain off the allowlist, an invalid spec, an external $ref and a domain that is not the spec’s, storing nothing', async () => {
    const before = (await alice.get(`/api/agents/${agentId}`)).json as { tools: string[]; actions: string[] };
    const refused = await save(alice, { domain: 'evil.example.com', raw_spec: petStoreSpec('https://evil.example.com') });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Domain not allowed');
    const invalid = await save(alice, { raw_spec: '{"openapi":"3.0.0","info":{"title":"x"},"paths":{}}' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toMatch(/^Invalid OpenAPI spec: /);
    expect((await save(alice, { raw_spec: 'not: [valid' })).json.message).toBe('The spec is neither valid JSON nor valid YAML.');
    const external = JSON.parse(petStoreSpec()) as { components: { schemas: Record<string, unknown> } };
    external.components.schemas.Pet = { $ref: 'https://attacker.example/pet.json' };
    const ext = await save(alice, { raw_spec: JSON.stringify(external) });
    expect(ext.status).toBe(400);
    expect(ext.json.message).toContain('external document');
    const mismatch = await save(alice, { domain: 'other.example.net' });
    expect(mismatch.status).toBe(400);
    expect((await save(alice, { domain: 'x.example.net', raw_spec: petStoreSpec('https://x.example.net') })).status).toBe(200);
    await alice.delete(`/api/agents/actions/${agentId}/${String((await actionRows())[0]?.action_id)}`);
    expect(await actionRows()).toEqual([]);
    expect((await alice.get(`/api/agents/${agentId}`)).json).toMatchObject({ tools: before.tools, actions: before.actions });
  });

  it('only those who may edit the agent change its actions; a private agent’s are invisible (404) to others', async () => {
    const saved = await save(alice, {});
    const actionId = String(saved.json[1].action_id);
    expect((await save(bob, {})).status).toBe(404);
    expect((await save(bob, {}, actionId)).status).toBe(404);
    expect((await bob.delete(`/api/agents/actions/${agentId}/${actionId}`)).status).toBe(404);
    expect((await bob.get('/api/agents/actions')).json).toEqual([]);
    expect(await server.app.tools.get(aliceId, 'getPet_action_api_example_com')).toBeDefined();
    // An action id of another agent is not this one's to overwrite.
    const other = (await alice.post('/api/agents', { name: 'Other', provider: 'openAI', model: 'gpt-4o-mini' })).json.id as string;
    expect((await save(alice, {}, actionId, other)).status).toBe(404);
    expect(await actionRows()).toHaveLength(1);

    // Shared with everyone: visible but not editable by Bob (403) until it is collaborative.
    await server.db.kysely.updateTable('agents').set({ is_global: 1, project_ids: '["instance"]' }).where('id', '=', agentId).execute();
    expect((await save(bob, {}, actionId)).status).toBe(403);
    await server.db.kysely.updateTable('agents').set({ is_collaborative: 1 }).where('id', '=', agentId).execute();
    const byBob = await save(bob, { privacy_policy_url: 'https://example.com/p' }, actionId);
    expect(byBob.status).toBe(200);
    expect(byBob.json[1]).toMatchObject({ user: aliceId, metadata: { privacy_policy_url: 'https://example.com/p' } });
    expect((await bob.get('/api/agents/actions')).json).toEqual([expect.objectContaining({ action_id: actionId })]);
    await server.db.kysely.updateTable('agents').set({ is_global: 0, is_collaborative: 0, project_ids: '[]' }).where('id', '=', agentId).execute();

    const deleted = await alice.delete(`/api/agents/actions/${agentId}/${actionId}`);
    expect(deleted.json).toEqual({ message: 'Action deleted successfully' });
    expect((await alice.get(`/api/agents/${agentId}`)).json).toMatchObject({ tools: [], actions: [] });
  });

  it('a duplicated agent gets copies of its actions (keys included); deleting an agent deletes its actions', async () => {
    const saved = await save(alice, { auth: { type: 'service_http', authorization_type: 'bearer' }, api_key: 'sk-dup' });
    const original = String(saved.json[1].action_id);
    const dup = await alice.post(`/api/agents/${agentId}/duplicate`);
    expect(dup.status).toBe(201);
    const copyId = dup.json.agent.id as string;
    expect(dup.json.agent.tools).toEqual(['getPet_action_api_example_com', 'addPet_action_api_example_com']);
    const [copied] = dup.json.actions as { action_id: string; agent_id: string }[];
    expect(copied?.agent_id).toBe(copyId);
    expect(copied?.action_id).not.toBe(original);
    expect(dup.json.agent.actions).toEqual([`api_example_com_action_${copied?.action_id}`]);
    await (await tool('getPet_action_api_example_com')).run({ ...context(), agentId: copyId }, { petId: '1' });
    expect(api.received.at(-1)?.headers.authorization).toBe('Bearer sk-dup');

    expect((await alice.delete(`/api/agents/${copyId}`)).status).toBe(200);
    expect(await server.db.kysely.selectFrom('actions').select('action_id').where('agent_id', '=', copyId).execute()).toEqual([]);
    expect(await actionRows()).toHaveLength(1);
  });

  it('an HTTP error and an unsupported method are error outputs', async () => {
    const spec = petStoreSpec('https://api.example.com/v1', {
      '/missing': { get: { operationId: 'lost', responses: { '200': { description: 'ok' } } } },
      '/probe': { head: { operationId: 'probe', responses: { '200': { description: 'ok' } } } },
    });
    expect((await save(alice, { raw_spec: spec })).status).toBe(200);
    const lost = await (await tool('lost_action_api_example_com')).run(context(), {});
    expect(lost).toEqual({ isError: true, parts: [{ type: 'text', text: 'HTTP 404: {"error":"no such pet"}' }] });
    const probe = await (await tool('probe_action_api_example_com')).run(context(), {});
    expect(textOf(probe)).toBe('Unsupported HTTP method: head');
  });
});

describeEachDialect('agent actions through the real egress guard', (dialect) => {
  let api: OpenApiTestServer;
  let server: TestServer;

  beforeAll(async () => {
    api = await startOpenApiTestServer();
    server = await startTestServer({ dialect, env: { OPENAI_API_KEY: 'sk', OPENAI_MODELS: 'gpt-4o-mini' } });
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  it('refuses an action whose spec points at loopback or a private address, before any connection', async () => {
    const client = new TestClient(server.baseUrl);
    const userId = (await client.register()).user.id;
    const agentId = (await client.post('/api/agents', { name: 'Local', provider: 'openAI', model: 'gpt-4o-mini' })).json.id as string;
    for (const [index, origin] of [api.origin, 'http://10.1.2.3:8080', 'http://[::ffff:127.0.0.1]:80', 'http://169.254.169.254'].entries()) {
      const spec = JSON.parse(petStoreSpec(origin)) as { paths: Record<string, { get?: { operationId: string } }> };
      const get = spec.paths['/pets/{petId}']?.get;
      if (get) get.operationId = `getPet${index}`;
      const saved = await client.post(`/api/agents/actions/${agentId}`, { functions: [{}], metadata: { raw_spec: JSON.stringify(spec) } });
      expect(saved.status).toBe(200);
      const name = (saved.json[0].tools as string[]).find((t) => t.startsWith(`getPet${index}_`)) ?? '';
      const getPet = await server.app.tools.get(userId, name);
      const out = await getPet?.run({ userId, conversationId: 'c', messageId: 'm', toolCallId: 't', agentId, signal: new AbortController().signal, log }, { petId: '1' });
      expect(out?.isError).toBe(true);
      expect(textOf(out ?? { parts: [] })).toMatch(/non-public address|not allowed/);
    }
    expect(api.received).toHaveLength(0);
  });
});
