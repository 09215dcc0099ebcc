import { MEME_AGENT_AVATAR, MEME_AGENT_ID, MEME_TOOLS, NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { validateConfig } from '../../config/load-config.js';
import { readEnv } from '../../env.js';
import { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import type { ToolDefinition } from '../tools/tool-types.js';
import { memeAgentModel, withMemeCompanionTools } from './meme-agent.js';

/**
 * Stand-ins for the meme tools, so this test depends only on their names: a source registered
 * later loses to one of the same name, so where the real tools are registered they are the ones
 * declared (the names are the same either way).
 */
const standInTools: ToolDefinition[] = Object.values(MEME_TOOLS).map((name) => ({
  name,
  description: `stand-in for ${name}`,
  inputSchema: { type: 'object', properties: {} },
  kind: 'builtin',
  run: async () => ({ parts: [{ type: 'text', text: 'made' }] }),
}));

async function startWith(options: { config?: unknown; openaiUrl?: string; dialect?: 'sqlite' | 'postgres' } = {}) {
  const server = await startTestServer({
    dialect: options.dialect,
    env: options.openaiUrl
      ? { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: options.openaiUrl, TITLE_CONVO: 'false' }
      : { TITLE_CONVO: 'false' },
    config: options.config,
  });
  server.app.tools.register({ listTools: () => Promise.resolve(standInTools) });
  // The first account is the administrator.
  const admin = new TestClient(server.baseUrl);
  await admin.register();
  const user = new TestClient(server.baseUrl);
  await user.register();
  return { server, admin, user };
}

const chatWith = (server: TestServer, as: TestClient, agentId: string) =>
  readSse(`${server.baseUrl}/api/agents/chat/agents`, {
    token: as.token,
    body: {
      text: 'A meme about Mondays',
      endpoint: 'agents',
      agent_id: agentId,
      parentMessageId: NO_PARENT,
      conversationId: null,
    },
  });

const listed = async (as: TestClient, query = '') =>
  ((await as.get(`/api/agents${query}`)).json.data as { id: string }[]).map((a) => a.id);

describeEachDialect('the built-in Meme maker agent', (dialect) => {
  let openai: OpenAISimulator;
  let server: TestServer;
  let user: TestClient;

  beforeAll(async () => {
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
    ({ server, user } = await startWith({ openaiUrl: openai.url, dialect }));
  });
  afterAll(async () => {
    await server?.close();
    await openai?.close();
  });
  beforeEach(() => openai.reset());

  it('is listed first for a user, in the agent shape the selector reads, and can be read', async () => {
    const older = (await user.post('/api/agents', { name: 'Older', provider: 'openAI', model: 'gpt-4o' })).json;
    const own = (await user.post('/api/agents', { name: 'Mine', provider: 'openAI', model: 'gpt-4o' })).json;
    const list = (await user.get('/api/agents')).json;
    expect(list.data.map((a: { id: string }) => a.id)).toEqual([MEME_AGENT_ID, own.id, older.id]);
    const [meme] = list.data;
    expect(meme).toMatchObject({
      id: MEME_AGENT_ID,
      _id: MEME_AGENT_ID,
      name: 'Meme maker',
      description: expect.stringContaining('memes'),
      provider: 'openAI',
      model: 'gpt-4o-mini',
      tools: [MEME_TOOLS.image, MEME_TOOLS.video, MEME_TOOLS.searchTemplates],
      author: 'system',
      projectIds: ['instance'],
      isCollaborative: false,
      // The web app's own picture of it: its replies and the selector show it, not a generic mark.
      avatar: { filepath: MEME_AGENT_AVATAR, source: 'local' },
    });
    expect(meme.conversation_starters.length).toBeGreaterThan(0);
    expect(list.first_id).toBe(MEME_AGENT_ID);

    const read = await user.get(`/api/agents/${MEME_AGENT_ID}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      id: MEME_AGENT_ID,
      name: 'Meme maker',
      instructions: expect.stringContaining('1080×1920'),
    });

    // Only on the first page of what the user may see (which keeps its size), and only when a filter lets it through.
    expect(await listed(user, '?requiredPermission=2')).toEqual([own.id, older.id]);
    expect(await listed(user, '?search=meme')).toEqual([MEME_AGENT_ID]);
    expect(await listed(user, '?provider=anthropic')).toEqual([]);
    const firstPage = (await user.get('/api/agents?limit=2')).json;
    expect(firstPage.data.map((a: { id: string }) => a.id)).toEqual([MEME_AGENT_ID, own.id]);
    expect(firstPage.has_more).toBe(true);
    expect(await listed(user, `?limit=2&cursor=${firstPage.after}`)).toEqual([older.id]);
  });

  it('refuses to be edited, duplicated or deleted, with a 403 that says why', async () => {
    for (const res of [
      await user.patch(`/api/agents/${MEME_AGENT_ID}`, { name: 'Mine now' }),
      await user.delete(`/api/agents/${MEME_AGENT_ID}`),
      await user.post(`/api/agents/${MEME_AGENT_ID}/duplicate`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        code: 'forbidden',
        message: '"Meme maker" is built into the server and cannot be changed, duplicated or deleted.',
      });
    }
    expect((await user.get(`/api/agents/${MEME_AGENT_ID}`)).json.name).toBe('Meme maker');
  });

  it('chats through the one tool loop, with the meme tools declared and its instructions as the system prompt', async () => {
    openai.enqueue({ text: 'Here is your Monday meme.' });
    const { status, frames } = await chatWith(server, user, MEME_AGENT_ID);
    expect(status).toBe(200);

    const [request] = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(request!.body.model).toBe('gpt-4o-mini');
    expect(request!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      MEME_TOOLS.image,
      MEME_TOOLS.video,
      MEME_TOOLS.searchTemplates,
    ]);
    expect(request!.body.messages[0]).toMatchObject({
      role: 'system',
      content: expect.stringMatching(/^You are Meme maker/),
    });

    const done = finalFrame(frames)!.data;
    // An agent's reply: its text in content parts, `text` "" beside them, as LibreChat's.
    expect(done.responseMessage).toMatchObject({
      text: '',
      content: [{ type: 'text', text: 'Here is your Monday meme.' }],
      sender: 'Meme maker',
      endpoint: 'agents',
    });
    expect(done.conversation).toMatchObject({ endpoint: 'agents', agent_id: MEME_AGENT_ID });
  });

  it("gives a user's agent with create_meme_image the template search too", async () => {
    const made = await user.post('/api/agents', {
      name: 'My memer',
      provider: 'openAI',
      model: 'gpt-4o-mini',
      tools: [MEME_TOOLS.image],
    });
    expect(made.status).toBe(201);
    openai.enqueue({ text: 'Done.' });
    const { status } = await chatWith(server, user, made.json.id as string);
    expect(status).toBe(200);
    const [request] = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(request!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      MEME_TOOLS.image,
      MEME_TOOLS.searchTemplates,
    ]);
    // The stored agent keeps what its builder chose.
    expect((await user.get(`/api/agents/${made.json.id as string}`)).json.tools).toEqual([MEME_TOOLS.image]);
  });
});

describe('withMemeCompanionTools', () => {
  it('adds the template search to a tool list with create_meme_image, once, and leaves any other list alone', () => {
    expect(withMemeCompanionTools(['web_search', MEME_TOOLS.image])).toEqual([
      'web_search',
      MEME_TOOLS.image,
      MEME_TOOLS.searchTemplates,
    ]);
    expect(withMemeCompanionTools([MEME_TOOLS.image, MEME_TOOLS.searchTemplates])).toEqual([
      MEME_TOOLS.image,
      MEME_TOOLS.searchTemplates,
    ]);
    expect(withMemeCompanionTools([MEME_TOOLS.video, 'web_search'])).toEqual([MEME_TOOLS.video, 'web_search']);
    expect(withMemeCompanionTools([])).toEqual([]);
  });
});

describe('when the Meme maker is not offered', () => {
  let openai: OpenAISimulator;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await openai.close();
  });

  async function expectNotOffered(config: unknown, { hasEndpoint = true } = {}) {
    const started = await startWith({ config, ...(hasEndpoint ? { openaiUrl: openai.url } : {}) });
    servers.push(started.server);
    expect(await listed(started.user)).toEqual([]);
    expect((await started.user.get(`/api/agents/${MEME_AGENT_ID}`)).status).toBe(404);
    expect((await started.user.patch(`/api/agents/${MEME_AGENT_ID}`, { name: 'x' })).status).toBe(404);
    const chat = await chatWith(started.server, started.user, MEME_AGENT_ID);
    expect(chat.status).toBe(404);
    expect(openai.requests).toHaveLength(0);
    return started;
  }

  it('is gone when the administrator turns it off, or turns memes off', async () => {
    await expectNotOffered({ memes: { agent: { enabled: false } } });
    await expectNotOffered({ memes: { enabled: false } });
  });

  it('is offered only to the roles the config names', async () => {
    const { admin } = await expectNotOffered({ memes: { agent: { roles: ['ADMIN'] } } });
    expect(await listed(admin)).toEqual([MEME_AGENT_ID]);
  });

  it('is not offered when no endpoint can run it', async () => {
    await expectNotOffered({}, { hasEndpoint: false });
  });

  it('offers generate_meme_background when image generation is configured', async () => {
    const { server, user } = await startWith({
      openaiUrl: openai.url,
      config: {
        memes: {
          agent: { provider: 'openAI', model: 'gpt-4o' },
          imageGeneration: { endpoint: 'openAI', model: 'gpt-image-1' },
        },
      },
    });
    servers.push(server);
    const [meme] = (await user.get('/api/agents')).json.data;
    expect(meme).toMatchObject({
      provider: 'openAI',
      model: 'gpt-4o',
      tools: [MEME_TOOLS.image, MEME_TOOLS.video, MEME_TOOLS.searchTemplates, MEME_TOOLS.generateImage],
    });
    expect((await user.get(`/api/agents/${MEME_AGENT_ID}`)).json.instructions).toContain(MEME_TOOLS.generateImage);
  });
});

describe('memeAgentModel', () => {
  const pick = (env: Record<string, string>, config: unknown = {}) => {
    const appConfig = validateConfig(config, 'test');
    return memeAgentModel(appConfig, new EndpointCatalog(readEnv({ LOG_LEVEL: 'silent', ...env }), appConfig));
  };
  const custom = {
    name: 'Local',
    apiKey: 'k',
    baseURL: 'http://127.0.0.1:9/v1',
    models: { default: ['local-1', 'local-2'] },
  };

  it("takes the first endpoint the server holds a key for, and that endpoint's default model", () => {
    expect(pick({ ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o' })).toEqual({ provider: 'openAI', model: 'gpt-4o-mini' });
    expect(pick({ OPENAI_API_KEY: 'user_provided', ANTHROPIC_API_KEY: 'a' })).toMatchObject({ provider: 'anthropic' });
    expect(pick({}, { endpoints: { custom: [custom] } })).toEqual({ provider: 'Local', model: 'local-1' });
    expect(pick({})).toBeUndefined();
  });

  it('follows the config: its provider and model, a model only some endpoint lists, and the providers agents may use', () => {
    expect(
      pick({ OPENAI_API_KEY: 'o' }, { endpoints: { custom: [custom] }, memes: { agent: { provider: 'Local' } } }),
    ).toEqual({ provider: 'Local', model: 'local-1' });
    expect(
      pick({ OPENAI_API_KEY: 'o' }, { endpoints: { custom: [custom] }, memes: { agent: { model: 'local-2' } } }),
    ).toEqual({ provider: 'Local', model: 'local-2' });
    expect(pick({ OPENAI_API_KEY: 'o' }, { memes: { agent: { provider: 'Nowhere' } } })).toBeUndefined();
    expect(
      pick({ OPENAI_API_KEY: 'o' }, { endpoints: { custom: [custom], agents: { allowedProviders: ['Local'] } } }),
    ).toEqual({ provider: 'Local', model: 'local-1' });
  });
});
