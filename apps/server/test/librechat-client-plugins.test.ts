import { messageText, NO_PARENT } from '@confab/shared';
import { scriptReply, startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { staticToolSource } from '../src/features/tools/tool-registry.js';
import type { ToolDefinition } from '../src/features/tools/tool-types.js';
import { storedCounts, waitFor } from './chat-harness.js';
import { TestClient } from './http-client.js';
import { conforms, dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { finalFrame, readSse, type SseFrame } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * LibreChat's Plugins endpoint (gptPlugins) driven by LibreChat's own client package: its
 * payloads (createPayload over the compact plugins conversation), its data service and schemas.
 * The chat runs on the OpenAI endpoint's configuration, with the user's installed plugins as
 * tools, in the agents' tool loop. The simulator answers by markers (testkit's scriptReply):
 * `[[tool:NAME]]` calls the declared tool NAME, `[[slow]]` streams for a few seconds, titles
 * are "Chat about ...".
 */
const plugin = (name: string, answer: (text: string) => string): ToolDefinition => ({
  name,
  description: `The ${name} plugin`,
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  kind: 'builtin',
  run: (_context, args) => Promise.resolve({ parts: [{ type: 'text', text: answer((args as { text?: string }).text ?? '') }] }),
});

/** The schema with its `.catch` fallback taken off, so a conversation that does not fit fails instead of becoming the defaults. */
const strictly = (schema: { _def: { innerType?: unknown } }) => (schema._def.innerType ?? schema) as Parameters<typeof conforms>[0];
const isMessage = (value: unknown) => conforms(librechat.tMessageSchema, value);
const declaredTools = (body: { tools?: { function: { name: string } }[] }) => (body.tools ?? []).map((t) => t.function.name);
/** The model calls of a chat whose user wrote `text` (titles, written meanwhile, are left out). */
const chatCalls = (sim: OpenAISimulator, text: string) =>
  sim.requests.filter((r) => r.body.messages?.some((m: { role: string; content: unknown }) => m.role === 'user' && m.content === text));
const OPENAI_MODELS = ['gpt-4o-mini', 'gpt-4o'];

describeEachDialect('a LibreChat client on the Plugins endpoint (librechat-data-provider)', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      // Titles are the model's (TITLE_CONVO defaults to on).
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: sim.url, OPENAI_MODELS: OPENAI_MODELS.join(',') },
    });
    server.app.tools.register(
      staticToolSource([plugin('echo_plugin', (text) => `plugin echo: ${text}`), plugin('shout_plugin', (text) => text.toUpperCase())]),
    );
    axios.defaults.baseURL = server.baseUrl;
    const password = 'correct horse battery';
    ({ token } = await service.register({ name: 'Plugin User', email: `plugins-${randomUUID()}@example.com`, password, confirm_password: password }));
    librechat.setTokenHeader(token);
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server?.close();
    await sim?.close();
  });
  beforeEach(() => {
    sim.reset();
    sim.setResponder((request) => scriptReply(request));
  });

  /** The conversation's options as LibreChat's client sends them: its compact plugins conversation. */
  const endpointOption = (fields: Record<string, unknown> = {}) => ({
    endpoint: 'gptPlugins',
    ...librechat.parseCompactConvo({ endpoint: 'gptPlugins', conversation: { model: 'gpt-4o-mini', ...fields } }),
  });
  const newConversation = { conversationId: null, endpoint: 'gptPlugins', model: 'gpt-4o-mini', title: 'New Chat', createdAt: '', updatedAt: '' };
  const userMessage = (text: string, conversationId: string | null = null, parentMessageId = NO_PARENT) => ({
    messageId: randomUUID(),
    conversationId,
    parentMessageId,
    text,
    sender: 'User',
    isCreatedByUser: true,
  });
  function send(submission: Record<string, unknown>, until?: (frame: SseFrame, all: SseFrame[]) => boolean) {
    const { server: path, payload } = librechat.createPayload({ endpointOption: endpointOption(), conversation: newConversation, ...submission });
    return readSse(server.baseUrl + path, { token, body: payload, until });
  }
  const finalOf = async (submission: Record<string, unknown>) => {
    const { status, frames } = await send(submission);
    expect(status).toBe(200);
    const final = finalFrame(frames)?.data;
    expect(final, JSON.stringify(frames.at(-1))).toBeDefined();
    return final;
  };

  it('is offered beside OpenAI, with the OpenAI models', async () => {
    const endpoints = await service.getAIEndpoints();
    expect(endpoints.gptPlugins).toMatchObject({ userProvide: false, userProvideURL: false });
    expect(endpoints.gptPlugins.order).toBeGreaterThan(endpoints.openAI.order);
    const models = await service.getModels();
    expect(models.gptPlugins).toEqual(OPENAI_MODELS);
    expect(models.gptPlugins).toEqual(models.openAI);
  });

  it('answers a chat with no plugin installed from the OpenAI simulator, stored under gptPlugins and titled', async () => {
    const { server: path } = librechat.createPayload({ endpointOption: endpointOption(), conversation: newConversation, userMessage: userMessage('x') });
    expect(path).toBe('/api/ask/gptPlugins');
    const final = await finalOf({ userMessage: userMessage('Hello plugins') });
    const { conversation, responseMessage: reply } = final;
    // A reply of the tool loop: its text is a content part.
    expect(messageText(reply)).toBe('Echo: Hello plugins');
    expect(reply.content).toEqual([{ type: 'text', text: 'Echo: Hello plugins' }]);
    expect(isMessage(reply)).toBe('ok');
    expect(reply).toMatchObject({ endpoint: 'gptPlugins', model: 'gpt-4o-mini' });
    const [call] = chatCalls(sim, 'Hello plugins');
    expect(call!.headers.authorization).toBe('Bearer sk-test');
    expect(call!.body.tools).toBeUndefined();

    expect(conversation).toMatchObject({ endpoint: 'gptPlugins', model: 'gpt-4o-mini' });
    expect(conforms(strictly(librechat.gptPluginsSchema), conversation)).toBe('ok');
    expect(conforms(librechat.tConversationSchema, conversation)).toBe('ok');
    const { conversationId } = conversation;
    const stored = await service.getMessagesByConvoId(conversationId);
    expect(stored.map((m: { endpoint: string }) => m.endpoint)).toEqual(['gptPlugins', 'gptPlugins']);
    // The model writes its title after the first exchange.
    await waitFor(async () => (await service.getConversationById(conversationId)).title.startsWith('Chat about Hello plugins'));
    expect((await service.getConversationById(conversationId)).endpoint).toBe('gptPlugins');
  });

  it('runs an installed plugin the model calls, and a plugin the request names; the reply carries the calls and the answer', async () => {
    await service.updateUserPlugins({ pluginKey: 'echo_plugin', action: 'install' });
    expect((await service.getUser()).plugins).toEqual(['echo_plugin']);

    const final = await finalOf({ userMessage: userMessage('Say hello [[tool:echo_plugin]]') });
    // Only the installed plugin is offered to the model.
    expect(declaredTools(chatCalls(sim, 'Say hello [[tool:echo_plugin]]')[0]!.body)).toEqual(['echo_plugin']);
    const reply = final.responseMessage;
    expect(reply.content.map((p: { type: string }) => p.type)).toEqual(['text', 'tool_call', 'text']);
    expect(reply.content[1].tool_call).toMatchObject({ name: 'echo_plugin', output: 'plugin echo: hello', progress: 1 });
    expect(messageText(reply)).toBe('Let me check. The tool answered: plugin echo: hello');
    expect(isMessage(reply)).toBe('ok');
    const listed = await service.getMessagesByConvoId(final.conversation.conversationId);
    expect(listed.at(-1).content).toEqual(reply.content);

    // LibreChat's plugin selector puts whole plugins in the conversation's tools.
    const shout = (await service.getAvailablePlugins()).find((p: { pluginKey: string }) => p.pluginKey === 'shout_plugin');
    const named = await finalOf({ endpointOption: endpointOption({ tools: [shout] }), userMessage: userMessage('Loud [[tool:shout_plugin]]') });
    expect(declaredTools(chatCalls(sim, 'Loud [[tool:shout_plugin]]')[0]!.body)).toEqual(['echo_plugin', 'shout_plugin']);
    expect(messageText(named.responseMessage)).toBe('Let me check. The tool answered: HELLO');
    // The conversation keeps the plugins it picked, as its schemas read them.
    expect(named.conversation.tools).toEqual(['shout_plugin']);
    expect(conforms(strictly(librechat.gptPluginsSchema), named.conversation)).toBe('ok');
    expect(librechat.compactPluginsSchema.parse(named.conversation)).toMatchObject({ model: 'gpt-4o-mini', tools: ['shout_plugin'] });
  });

  it('regenerates, continues an edited reply on the edit route, resumes and stops', async () => {
    const first = await finalOf({ userMessage: userMessage('First question') });
    const { conversation, requestMessage: request } = first;

    // LibreChat's regenerate: the user message named in overrideParentMessageId.
    const regenerate = { ...userMessage('First question', conversation.conversationId), overrideParentMessageId: request.messageId };
    const regenerated = await finalOf({ conversation, userMessage: regenerate, isRegenerate: true });
    expect(regenerated.responseMessage).toMatchObject({ parentMessageId: request.messageId, endpoint: 'gptPlugins' });
    expect(regenerated.responseMessage.messageId).not.toBe(first.responseMessage.messageId);

    // Save and submit of an edited reply: the edit route, going on from the edited text.
    const edit = {
      conversation,
      userMessage: {
        ...userMessage(request.text, conversation.conversationId),
        generation: 'Edited start.',
        responseMessageId: regenerated.responseMessage.messageId,
        overrideParentMessageId: request.messageId,
      },
      isEdited: true,
      isRegenerate: true,
    };
    expect(librechat.createPayload({ endpointOption: endpointOption(), ...edit }).server).toBe('/api/edit/gptPlugins');
    const edited = await finalOf(edit);
    expect(edited.responseMessage.messageId).toBe(regenerated.responseMessage.messageId);
    expect(messageText(edited.responseMessage)).toBe('Edited start.Echo: First question');

    // A long reply: read in part, rejoined from where the reading stopped, then stopped.
    const started = await send({ conversation, userMessage: userMessage('Talk [[slow]]', conversation.conversationId, edited.responseMessage.messageId) }, (f) =>
      f.data.event === 'on_message_delta',
    );
    const { streamId, conversationId } = started.frames[0]!.data;
    const resumed = await readSse(`${server.baseUrl}/api/chat/stream/${streamId}`, {
      token,
      lastEventId: started.frames.at(-1)!.id,
      until: (f) => f.data.event === 'on_message_delta',
    });
    expect(resumed.frames[0]!.id).toBe(started.frames.at(-1)!.id + 1);
    const stopped = await service.abortRequestWithMessage('gptPlugins', conversationId, 'Stopped by the user');
    expect(stopped.final).toBe(true);
    expect(stopped.responseMessage).toMatchObject({ finish_reason: 'incomplete', endpoint: 'gptPlugins', unfinished: false });
    expect(isMessage(stopped.responseMessage)).toBe('ok');
    expect((await failureOf(service.abortRequestWithMessage('gptPlugins', conversationId, 'again'))).status).toBe(404);
    expect((await service.getConversationById(conversationId)).endpoint).toBe('gptPlugins');
  });

  it('refuses a model the OpenAI endpoint does not offer, storing nothing', async () => {
    const before = await storedCounts(server);
    const { status, json } = await send({ endpointOption: endpointOption({ model: 'gpt-4.1' }), userMessage: userMessage('Hi') });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'illegal_model_request', text: expect.stringContaining('gpt-4.1') });
    expect(await storedCounts(server)).toEqual(before);
    expect(sim.requests.filter((r) => r.body.model === 'gpt-4.1')).toEqual([]);
  });

  it('keeps a Plugins preset as its schemas read it', async () => {
    const echo = (await service.getAvailablePlugins()).find((p: { pluginKey: string }) => p.pluginKey === 'echo_plugin');
    const agentOptions = { agent: 'functions', skipCompletion: true, model: 'gpt-4o', temperature: 0 };
    const preset = await service.createPreset({ title: 'Plugged', endpoint: 'gptPlugins', model: 'gpt-4o', tools: [echo], agentOptions, temperature: 0.5 });
    const [stored] = (await service.getPresets()).filter((p: { presetId: string }) => p.presetId === preset.presetId);
    expect(conforms(librechat.tPresetSchema, stored)).toBe('ok');
    expect(conforms(strictly(librechat.gptPluginsSchema), stored)).toBe('ok');
    expect(librechat.compactPluginsSchema.parse(stored)).toMatchObject({ model: 'gpt-4o', temperature: 0.5, agentOptions, tools: [expect.objectContaining({ pluginKey: 'echo_plugin' })] });
    await service.deletePreset({ presetId: preset.presetId });
  });
});

describeEachDialect('the Plugins endpoint follows the OpenAI configuration', (dialect) => {
  let sim: OpenAISimulator;
  let noOpenAI: TestServer;
  let userKeys: TestServer;

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-mine' });
    [noOpenAI, userKeys] = await Promise.all([
      startTestServer({ dialect, config: { endpoints: { custom: [{ name: 'Other', apiKey: 'k', baseURL: sim.url, models: { default: ['m'] } }] } } }),
      startTestServer({ dialect, env: { OPENAI_API_KEY: 'user_provided', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([noOpenAI?.close(), userKeys?.close()]);
    await sim?.close();
  });

  const ask = (server: TestServer, client: TestClient, endpoint: string) =>
    readSse(`${server.baseUrl}/api/ask/${endpoint}`, {
      token: client.token,
      body: { text: 'Hello', endpoint, model: 'gpt-4o-mini', parentMessageId: NO_PARENT, conversationId: null },
    });

  it('is neither listed nor served without an OpenAI endpoint, and says why', async () => {
    const client = new TestClient(noOpenAI.baseUrl);
    await client.register();
    expect(Object.keys((await client.get('/api/endpoints')).json)).not.toContain('gptPlugins');
    expect((await client.get('/api/models')).json).not.toHaveProperty('gptPlugins');
    const refused = await ask(noOpenAI, client, 'gptPlugins');
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'unknown_endpoint', text: expect.stringContaining('OpenAI endpoint, which is not configured') });
    // ChatGPT in the browser stays unknown (SPEC 8).
    const browser = await ask(noOpenAI, client, 'chatGPTBrowser');
    expect(browser.status).toBe(400);
    expect(browser.json.message).toBe('Unknown endpoint: chatGPTBrowser');
    expect(await storedCounts(noOpenAI)).toEqual({ conversations: 0, messages: 0 });
  });

  it("asks for the user's own OpenAI key when OpenAI's is user_provided, and chats with the key saved for openAI", async () => {
    const client = new TestClient(userKeys.baseUrl);
    await client.register();
    expect((await client.get('/api/endpoints')).json.gptPlugins).toMatchObject({ userProvide: true });
    const missing = await ask(userKeys, client, 'gptPlugins');
    expect(JSON.parse(missing.frames.at(-1)!.data.text).type).toBe('no_user_key');
    // LibreChat's client keeps the Plugins key under openAI.
    expect((await client.put('/api/keys', { name: 'openAI', value: 'sk-mine', expiresAt: null })).status).toBe(201);
    expect((await client.get('/api/keys?name=gptPlugins')).json).toEqual({ expiresAt: null });
    const { frames } = await ask(userKeys, client, 'gptPlugins');
    expect(messageText(finalFrame(frames)!.data.responseMessage)).toBe('Echo: Hello');
    expect(sim.requests.at(-1)!.headers.authorization).toBe('Bearer sk-mine');
  });
});
