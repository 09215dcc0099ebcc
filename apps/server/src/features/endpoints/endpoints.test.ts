import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';

describeEachDialect('endpoints and models', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;
  beforeAll(async () => {
    sim = await startOpenAISimulator({ models: ['fetched-a', 'fetched-b'] });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk', OPENAI_MODELS: 'gpt-4o-mini,gpt-4o' },
      config: {
        endpoints: {
          custom: [
            { name: 'Fetching', apiKey: 'k', baseURL: sim.url, models: { default: ['configured'], fetch: true }, modelDisplayLabel: 'Fetcher' },
            { name: 'Down', apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', models: { default: ['only-configured'], fetch: true } },
          ],
        },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await sim.close();
  });

  it('lists endpoints in order with their flags, and their models', async () => {
    const client = new TestClient(server.baseUrl);
    expect((await client.get('/api/endpoints')).status).toBe(401);
    await client.register();
    const endpoints = (await client.get('/api/endpoints')).json;
    // Plugins (LibreChat's gptPlugins) run on the OpenAI endpoint: listed after the built-in families.
    expect(Object.keys(endpoints)).toEqual(['openAI', 'gptPlugins', 'Fetching', 'Down', 'agents']);
    // Agents are on by default, after every model endpoint, with LibreChat's default capabilities.
    expect(endpoints.agents).toMatchObject({ userProvide: false, disableBuilder: false, capabilities: expect.arrayContaining(['tools', 'actions', 'file_search']) });
    expect(endpoints.Fetching).toMatchObject({ type: 'custom', userProvide: false, modelDisplayLabel: 'Fetcher' });
    const models = (await client.get('/api/models')).json;
    expect(models.openAI).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect(models.gptPlugins).toEqual(models.openAI);
    expect(models.Fetching).toEqual(['configured', 'fetched-a', 'fetched-b']);
    expect(models.Down).toEqual(['only-configured']);
  });

  it('lets chats use the listed and fetched models, and refuses any other', async () => {
    const client = new TestClient(server.baseUrl);
    await client.register();
    const ask = (path: string, body: Record<string, unknown>) =>
      client.post(path, { text: 'hi', conversationId: null, parentMessageId: '00000000-0000-0000-0000-000000000000', ...body });
    const refused = await ask('/api/ask/openAI', { endpoint: 'openAI', model: 'gpt-4.1' });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('illegal_model_request');
    const custom = { endpoint: 'Fetching', endpointType: 'custom' };
    expect((await ask('/api/ask/custom', { ...custom, model: 'not-served' })).json.code).toBe('illegal_model_request');
    const fetched = await ask('/api/ask/custom', { ...custom, model: 'fetched-b' });
    expect(fetched.status).toBe(200);
    expect(sim.requests.at(-1)?.body.model).toBe('fetched-b');
  });
});
