import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedConversation } from '../src/features/conversations/test-seed.js';
import { staticToolSource } from '../src/features/tools/tool-registry.js';
import { pngImage } from './files-test-kit.js';
import { conforms, dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * LibreChat's own client package driving the agents calls as its web app does: createAgent,
 * listAgents, getAgentById, updateAgent, duplicateAgent, uploadAgentAvatar, deleteAgent,
 * getAvailableAgentTools, getVerifyAgentToolAuth, callTool, getToolCalls, getAvailablePlugins,
 * updateUserPlugins and updateAgentPermissions, their answers read through its own schemas.
 */
describeEachDialect('a LibreChat client on the agents calls (librechat-data-provider)', (dialect) => {
  let server: TestServer;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk', OPENAI_MODELS: 'gpt-4o-mini' },
      // Stored agents only: the built-in Meme maker, listed first, is tested in features/memes.
      config: { memes: { agent: { enabled: false } } },
    });
    server.app.tools.register(
      staticToolSource([
        {
          name: 'execute_code',
          description: 'Runs code',
          inputSchema: { type: 'object' },
          kind: 'builtin',
          run: (_c, args) => Promise.resolve({ parts: [{ type: 'text', text: `ran ${(args as { code?: string }).code ?? ''}` }] }),
        },
        {
          name: 'echo_code',
          description: 'Echoes code',
          inputSchema: { type: 'object' },
          kind: 'builtin',
          run: (_c, args) => Promise.resolve({ parts: [{ type: 'text', text: `ran ${(args as { code?: string }).code ?? ''}` }] }),
        },
        {
          name: 'stock_quotes',
          description: 'Quotes',
          inputSchema: { type: 'object' },
          kind: 'builtin',
          auth: [{ authField: 'QUOTES_KEY', label: 'Quotes key', description: 'From your account page' }],
          run: () => Promise.resolve({ parts: [{ type: 'text', text: 'ok' }] }),
        },
      ]),
    );
    axios.defaults.baseURL = server.baseUrl;
    const password = 'correct horse battery';
    const { token, user } = await service.register({ name: 'Agent Builder', email: `agents-${randomUUID()}@example.com`, password, confirm_password: password });
    userId = user.id ?? user._id;
    librechat.setTokenHeader(token);
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server.close();
  });

  it('createAgent, listAgents, getAgentById, updateAgent, duplicateAgent, uploadAgentAvatar, deleteAgent', async () => {
    const agent = await service.createAgent({
      name: 'Researcher',
      description: 'Finds things',
      instructions: 'Cite sources.',
      provider: 'openAI',
      model: 'gpt-4o-mini',
      model_parameters: { temperature: 0.3, max_context_tokens: null, max_output_tokens: null, top_p: null, frequency_penalty: null, presence_penalty: null },
      tools: ['execute_code'],
    });
    expect(agent).toMatchObject({ name: 'Researcher', provider: 'openAI', model: 'gpt-4o-mini', tools: ['execute_code'], author: userId });
    expect(agent.id).toMatch(/^agent_/);

    const list = await service.listAgents({ limit: 10, requiredPermission: 1 });
    expect(list).toMatchObject({ object: 'list', first_id: agent.id, last_id: agent.id, has_more: false });
    expect(list.data[0]).toMatchObject({ id: agent.id, name: 'Researcher', avatar: null });

    expect(await service.getAgentById({ agent_id: agent.id })).toMatchObject({ id: agent.id, instructions: 'Cite sources.' });
    const updated = await service.updateAgent({ agent_id: agent.id, data: { name: 'Senior Researcher', conversation_starters: ['Find papers'] } });
    expect(updated).toMatchObject({ id: agent.id, name: 'Senior Researcher', conversation_starters: ['Find papers'] });

    const { agent: copy, actions } = await service.duplicateAgent({ agent_id: agent.id });
    expect(copy.id).not.toBe(agent.id);
    expect(copy).toMatchObject({ instructions: 'Cite sources.', author: userId });
    expect(actions).toEqual([]);

    // As its useUploadAgentAvatarMutation sends it.
    const form = new FormData();
    form.append('file', new Blob([await pngImage(200, 200)], { type: 'image/png' }), 'avatar.png');
    form.append('agent_id', agent.id);
    const withAvatar = await service.uploadAgentAvatar({ agent_id: agent.id, formData: form });
    expect(withAvatar.avatar).toMatchObject({ source: 'local' });
    expect(withAvatar.avatar.filepath).toMatch(/^\/api\/files\/avatar\//);

    await service.deleteAgent({ agent_id: copy.id });
    expect((await failureOf(service.getAgentById({ agent_id: copy.id }))).status).toBe(404);
  });

  it('getAvailableAgentTools and getAvailablePlugins answer plugins; updateUserPlugins and getVerifyAgentToolAuth keep the credentials', async () => {
    const tools = await service.getAvailableAgentTools();
    for (const tool of tools) expect(conforms(librechat.tPluginSchema, tool)).toBe('ok');
    expect(tools.map((t: { pluginKey: string }) => t.pluginKey)).toEqual(expect.arrayContaining(['execute_code', 'stock_quotes']));
    const plugins = await service.getAvailablePlugins();
    expect(plugins.find((p: { pluginKey: string }) => p.pluginKey === 'stock_quotes')).toMatchObject({ authenticated: false, authConfig: [{ authField: 'QUOTES_KEY' }] });

    expect(await service.getVerifyAgentToolAuth({ toolId: 'stock_quotes' })).toEqual({ authenticated: false, message: 'user_provided' });
    await service.updateUserPlugins({ pluginKey: 'stock_quotes', action: 'install', auth: { QUOTES_KEY: 'q-123' }, isEntityTool: true });
    expect(await service.getVerifyAgentToolAuth({ toolId: 'stock_quotes' })).toEqual({ authenticated: true, message: 'user_provided' });
    expect((await service.getUser()).plugins).toEqual(['stock_quotes']);
    await service.updateUserPlugins({ pluginKey: 'stock_quotes', action: 'uninstall', isEntityTool: true });
    expect(await service.getVerifyAgentToolAuth({ toolId: 'stock_quotes' })).toMatchObject({ authenticated: false });
  });

  // execute_code itself runs in the sandbox (test/code-execution.test.ts); any other built-in goes this way.
  it('callTool runs a tool on a message, getToolCalls lists it', async () => {
    const seeded = await seedConversation(server.db, userId, { messages: [{ key: 'reply', text: '```py\nprint(1)\n```', isCreatedByUser: false }] });
    const messageId = seeded.ids.reply;
    const result = await service.callTool({
      toolId: 'echo_code',
      toolParams: { lang: 'py', code: 'print(1)', messageId, conversationId: seeded.conversationId, partIndex: 0, blockIndex: 0 },
    });
    expect(result).toEqual({ result: 'ran print(1)', attachments: [] });
    const calls = await service.getToolCalls({ conversationId: seeded.conversationId });
    expect(calls).toEqual([expect.objectContaining({ toolId: 'echo_code', messageId, conversationId: seeded.conversationId, blockIndex: 0, result: 'ran print(1)' })]);
  });

  it('updateAgentPermissions changes the role, read back through its roleSchema', async () => {
    const role = await service.updateAgentPermissions({ roleName: 'USER', updates: { SHARED_GLOBAL: true } });
    expect(role.AGENTS).toEqual({ SHARED_GLOBAL: true, USE: true, CREATE: true });
    expect(conforms(librechat.roleSchema, role)).toBe('ok');
    expect((await service.getRole('USER')).AGENTS.SHARED_GLOBAL).toBe(true);
  });
});
