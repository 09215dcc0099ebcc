import { messageText, NO_PARENT } from '@confab/shared';
import {
  startAnthropicSimulator,
  startAzureSimulator,
  startBedrockSimulator,
  startGoogleSimulator,
  startOpenAISimulator,
  replayedToolCallsOf,
  toolResultsOf,
  type AnthropicSimulator,
  type AzureSimulator,
  type BedrockSimulator,
  type GoogleSimulator,
  type OpenAISimulator,
  type ScriptedToolCall,
} from '@confab/testkit';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storedCounts, waitFor } from '../../../test/chat-harness.js';
import { TestClient } from '../../../test/http-client.js';
import { finalFrame, readSse, type SseFrame } from '../../../test/sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import type { ToolDefinition } from '../tools/tool-types.js';

/** A 1×1 PNG as a data URL, as a tool may return an image it made. */
const PIXEL_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const bedrockCredentials = { accessKeyId: 'AKIDCONFABTEST', secretAccessKey: 'confab-test-secret' };
const agentId = () => `agent_${randomBytes(16).toString('base64url').slice(0, 21)}`;

/** The test's tools, registered in the app's registry as any tool source is. */
function testTools(state: { slowAborted: boolean; slowStarted: boolean }): ToolDefinition[] {
  return [
    {
      name: 'get_weather',
      description: 'The weather in a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      kind: 'builtin',
      run: async (_context, args) => ({ parts: [{ type: 'text', text: `Sunny in ${(args as { city: string }).city}` }] }),
    },
    {
      name: 'draw_chart',
      description: 'Draws a chart',
      inputSchema: { type: 'object', properties: {} },
      kind: 'builtin',
      run: async () => ({ parts: [{ type: 'text', text: 'Here is the chart.' }, { type: 'image', url: PIXEL_URL }] }),
    },
    {
      name: 'get_forecast_mcp_weather',
      description: 'An MCP server tool',
      inputSchema: { type: 'object', properties: {} },
      kind: 'mcp',
      group: 'weather',
      run: async () => ({ parts: [{ type: 'text', text: 'Forecast: rain' }] }),
    },
    {
      name: 'needs_sign_in',
      description: 'An OAuth tool without a token yet',
      inputSchema: { type: 'object', properties: {} },
      kind: 'action',
      run: async () => ({
        parts: [{ type: 'text', text: 'No access token found. Please log in first.' }],
        isError: true,
        signIn: { url: 'https://idp.example/authorize?state=abc', expiresAt: 1900000000 },
      }),
    },
    {
      name: 'broken_tool',
      description: 'Always fails',
      inputSchema: { type: 'object', properties: {} },
      kind: 'builtin',
      run: () => Promise.reject(new Error('the disk is on fire')),
    },
    {
      name: 'slow_tool',
      description: 'Runs until stopped',
      inputSchema: { type: 'object', properties: {} },
      kind: 'builtin',
      run: (context) =>
        new Promise((resolve, reject) => {
          state.slowStarted = true;
          const timer = setTimeout(() => resolve({ parts: [{ type: 'text', text: 'slow done' }] }), 3000);
          context.signal.addEventListener('abort', () => {
            state.slowAborted = true;
            clearTimeout(timer);
            reject(new Error('aborted'));
          });
        }),
    },
  ];
}

const toolCallParts = (content: any[] | null | undefined) => (content ?? []).filter((p) => p.type === 'tool_call');
const events = (frames: SseFrame[], name: string) => frames.filter((f) => f.data.event === name);

describeEachDialect('agent chat', (dialect) => {
  let openai: OpenAISimulator;
  let anthropic: AnthropicSimulator;
  let google: GoogleSimulator;
  let bedrock: BedrockSimulator;
  let azure: AzureSimulator;
  let server: TestServer;
  let client: TestClient;
  let userId: string;
  const toolState = { slowAborted: false, slowStarted: false };

  beforeAll(async () => {
    [openai, anthropic, google, bedrock, azure] = await Promise.all([
      startOpenAISimulator({ apiKey: 'sk-test' }),
      startAnthropicSimulator({ apiKey: 'sk-ant-test' }),
      startGoogleSimulator({ apiKey: 'g-test' }),
      startBedrockSimulator({ credentials: bedrockCredentials }),
      startAzureSimulator({ apiKey: 'az-test', deployments: { 'gpt-4o': 'gpt-4o' } }),
    ]);
    server = await startTestServer({
      dialect,
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_REVERSE_PROXY: openai.url,
        TITLE_CONVO: 'false',
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_REVERSE_PROXY: anthropic.url.replace(/\/v1$/, ''),
        GOOGLE_KEY: 'g-test',
        GOOGLE_REVERSE_PROXY: google.url.replace(/\/v1beta$/, ''),
        BEDROCK_AWS_ACCESS_KEY_ID: bedrockCredentials.accessKeyId,
        BEDROCK_AWS_SECRET_ACCESS_KEY: bedrockCredentials.secretAccessKey,
        BEDROCK_AWS_DEFAULT_REGION: 'eu-west-1',
        BEDROCK_REVERSE_PROXY: bedrock.url,
        AZURE_API_KEY: 'az-test',
        AZURE_OPENAI_API_INSTANCE_NAME: 'confab-test',
        AZURE_OPENAI_API_VERSION: '2024-10-21',
        AZURE_OPENAI_MODELS: 'gpt-4o',
        AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: 'true',
        AZURE_OPENAI_BASEURL: azure.url,
      },
      config: {
        // Its instructions are the config's text: read without connecting (nothing listens there).
        mcpServers: { weather: { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp', serverInstructions: 'Forecasts are in Celsius.' } },
        endpoints: {
          agents: { maxRecursionLimit: 50, allowedProviders: ['openAI', 'anthropic', 'google', 'bedrock', 'azureOpenAI'] },
          custom: [{ name: 'Simulator', apiKey: 'sk-test', baseURL: openai.url, models: { default: ['sim-1'] } }],
        },
      },
    });
    server.app.tools.register({ listTools: () => Promise.resolve(testTools(toolState)) });
    client = new TestClient(server.baseUrl);
    userId = (await client.register()).user.id;
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([openai, anthropic, google, bedrock, azure].map((sim) => sim?.close()));
  });
  beforeEach(() => {
    for (const sim of [openai, anthropic, google, bedrock, azure]) sim.reset();
    toolState.slowAborted = false;
    toolState.slowStarted = false;
  });

  async function insertAgent(fields: { provider: string; model: string; tools: string[]; author?: string; recursion_limit?: number; is_global?: number }) {
    const id = agentId();
    const now = new Date().toISOString();
    await server.db.kysely
      .insertInto('agents')
      .values({
        id,
        author: fields.author ?? userId,
        name: 'Weather agent',
        description: null,
        instructions: 'You answer weather questions.',
        provider: fields.provider,
        model: fields.model,
        model_parameters: '{}',
        tools: JSON.stringify(fields.tools),
        tool_resources: '{}',
        actions: '[]',
        avatar: null,
        conversation_starters: '[]',
        artifacts: null,
        recursion_limit: fields.recursion_limit ?? null,
        is_collaborative: 0,
        project_ids: '[]',
        is_global: fields.is_global ?? 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  const chat = (agent: string, text = 'Weather in Paris?', as = client, until?: (f: SseFrame, all: SseFrame[]) => boolean) =>
    readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: as.token,
      body: { text, endpoint: 'agents', agent_id: agent, parentMessageId: NO_PARENT, conversationId: null },
      until,
    });

  const weatherCall: ScriptedToolCall = { id: 'call_weather_1', name: 'get_weather', args: { city: 'Paris' } };

  it('calls the tool with streamed args, feeds its output back, and stores the tool_call part (OpenAI)', async () => {
    const agent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: ['get_weather'] });
    openai.enqueue({ text: 'Let me check. ', toolCalls: [weatherCall], chunkSize: 3 }, { text: 'It is sunny in Paris.' });
    const { status, frames } = await chat(agent);
    expect(status).toBe(200);

    // LibreChat's run events: a tool_calls step, its args in pieces, its completion, then new text.
    const steps = events(frames, 'on_run_step').map((f) => f.data.data);
    const toolStep = steps.find((s) => s.type === 'tool_calls');
    expect(toolStep.stepDetails).toEqual({
      type: 'tool_calls',
      tool_calls: [{ id: 'call_weather_1', name: 'get_weather', args: '', type: 'tool_call' }],
    });
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2]);
    const argDeltas = events(frames, 'on_run_step_delta').map((f) => f.data.data);
    expect(argDeltas.length).toBeGreaterThan(1);
    expect(argDeltas.every((d) => d.id === toolStep.id && d.delta.type === 'tool_calls')).toBe(true);
    expect(JSON.parse(argDeltas.map((d) => d.delta.tool_calls[0].args).join(''))).toEqual({ city: 'Paris' });
    const completed = events(frames, 'on_run_step_completed')[0]!.data.data.result;
    expect(completed).toMatchObject({ id: toolStep.id, index: 1, tool_call: { id: 'call_weather_1', name: 'get_weather', output: 'Sunny in Paris', progress: 1 } });

    // The model got the tool's output in its second request, and the tool was declared.
    const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(2);
    expect(chats[0]!.body.tools.map((t: any) => t.function.name)).toEqual(['get_weather']);
    expect(chats[0]!.body.messages[0]).toMatchObject({ role: 'system', content: 'You answer weather questions.' });
    expect(toolResultsOf(chats[1]!)).toMatchObject([{ id: 'call_weather_1', text: 'Sunny in Paris' }]);

    const reply = finalFrame(frames)!.data.responseMessage;
    // An agent's reply is content parts, its `text` empty, as LibreChat's agents endpoint answers.
    expect(reply.text).toBe('');
    expect(messageText(reply)).toBe('Let me check. It is sunny in Paris.');
    expect(reply.content.map((p: any) => p.type)).toEqual(['text', 'tool_call', 'text']);
    expect(reply.content[1].tool_call).toEqual({
      id: 'call_weather_1',
      name: 'get_weather',
      args: '{"city":"Paris"}',
      output: 'Sunny in Paris',
      progress: 1,
      type: 'tool_call',
    });
    // Kept as LibreChat keeps an agent chat: under agents with its agent_id, the reply named after the agent.
    const conversation = finalFrame(frames)!.data.conversation;
    expect(conversation).toMatchObject({ endpoint: 'agents', agent_id: agent, model: 'gpt-4o-mini' });
    expect(reply).toMatchObject({ endpoint: 'agents', sender: 'Weather agent' });
    // Stored as streamed: the message list gives the same parts.
    const listed = await client.get(`/api/messages/${reply.conversationId}`);
    expect(listed.json.find((m: any) => m.messageId === reply.messageId).content).toEqual(reply.content);
  });

  it('a follow-up in the conversation goes to the agent again, with the earlier exchange', async () => {
    const agent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: ['get_weather'] });
    openai.enqueue({ toolCalls: [weatherCall] }, { text: 'Sunny.' });
    const first = finalFrame((await chat(agent)).frames)!.data;
    openai.enqueue({ text: 'Still sunny.' });
    const { frames } = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: client.token,
      body: {
        text: 'And tomorrow?',
        endpoint: 'agents',
        agent_id: agent,
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
      },
    });
    expect(messageText(finalFrame(frames)!.data.responseMessage)).toBe('Still sunny.');
    const last = openai.requests.at(-1)!.body;
    expect(last.tools.map((t: any) => t.function.name)).toEqual(['get_weather']);
    // The earlier reply's tool call and its output are replayed in the vendor's shape.
    expect(last.messages).toEqual([
      { role: 'system', content: 'You answer weather questions.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_weather_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_weather_1', content: 'Sunny in Paris' },
      { role: 'assistant', content: 'Sunny.' },
      { role: 'user', content: 'And tomorrow?' },
    ]);
  });

  for (const family of [
    { provider: 'anthropic', model: 'claude-3-7-sonnet-latest', sim: () => anthropic },
    { provider: 'google', model: 'gemini-2.5-flash', sim: () => google },
    { provider: 'bedrock', model: 'anthropic.claude-3-5-sonnet-20241022-v2:0', sim: () => bedrock },
    { provider: 'azureOpenAI', model: 'gpt-4o', sim: () => azure },
  ] as const) {
    it(`runs the same loop against the ${family.provider} fake`, async () => {
      const agent = await insertAgent({ provider: family.provider, model: family.model, tools: ['get_weather'] });
      const sim = family.sim() as { enqueue(...r: unknown[]): void; requests: { path: string; body: any }[] };
      sim.enqueue({ toolCalls: [weatherCall] }, { text: 'Sunny, says the tool.' });
      const { frames } = await chat(agent);
      const reply = finalFrame(frames)?.data.responseMessage;
      expect(reply, JSON.stringify(frames.at(-1)?.data)).toBeDefined();
      expect(messageText(reply)).toBe('Sunny, says the tool.');
      const [call] = toolCallParts(reply.content);
      expect(call.tool_call).toMatchObject({ name: 'get_weather', output: 'Sunny in Paris', progress: 1 });
      expect(JSON.parse(call.tool_call.args)).toEqual({ city: 'Paris' });
      const modelCalls = sim.requests.filter((r) => r.body && typeof r.body === 'object');
      const results = toolResultsOf(modelCalls.at(-1)!);
      expect(results.map((r) => r.text)).toEqual(['Sunny in Paris']);

      // A follow-up replays the earlier call and its result in the vendor's own shape, and the vendor takes it.
      sim.enqueue({ text: 'Follow-up fine.' });
      const first = finalFrame(frames)!.data;
      const next = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
        token: client.token,
        body: { text: 'And tomorrow?', endpoint: 'agents', agent_id: agent, conversationId: first.conversation.conversationId, parentMessageId: reply.messageId },
      });
      expect(messageText(finalFrame(next.frames)?.data.responseMessage ?? { text: '' }), JSON.stringify(next.frames.at(-1)?.data)).toBe('Follow-up fine.');
      const replayed = sim.requests.filter((r) => r.body && typeof r.body === 'object').at(-1)!;
      expect(replayedToolCallsOf(replayed)).toMatchObject([{ name: 'get_weather', args: { city: 'Paris' } }]);
      expect(toolResultsOf(replayed).map((r) => r.text)).toEqual(['Sunny in Paris']);
    });
  }

  it('runs parallel calls of one step each as its own part, and applies the agent\'s model_parameters', async () => {
    const agent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: ['get_weather'] });
    await server.db.kysely.updateTable('agents').set({ model_parameters: JSON.stringify({ temperature: 0.3, max_tokens: 'lots' }) }).where('id', '=', agent).execute();
    openai.enqueue(
      { toolCalls: [{ id: 'call_p', name: 'get_weather', args: { city: 'Paris' } }, { id: 'call_o', name: 'get_weather', args: { city: 'Oslo' } }] },
      { text: 'Both sunny.' },
    );
    const { frames } = await chat(agent);
    const reply = finalFrame(frames)!.data.responseMessage;
    expect(toolCallParts(reply.content).map((p) => [p.tool_call.id, p.tool_call.output])).toEqual([
      ['call_p', 'Sunny in Paris'],
      ['call_o', 'Sunny in Oslo'],
    ]);
    const completed = events(frames, 'on_run_step_completed').map((f) => f.data.data.result.index).sort();
    expect(completed).toEqual([0, 1]);
    const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(toolResultsOf(chats[1]!).map((r) => r.id)).toEqual(['call_p', 'call_o']);
    // A setting the schema refuses (max_tokens 'lots') is dropped; the others apply.
    expect(chats[0]!.body.temperature).toBe(0.3);
    expect(chats[0]!.body.max_tokens).toBeUndefined();
  });

  it('without AGENTS USE, a user cannot chat with an agent (403), storing nothing', async () => {
    const user = new TestClient(server.baseUrl);
    const userRow = (await user.register()).user;
    expect(userRow.role).toBe('USER');
    const agent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: [], author: userRow.id });
    expect((await client.put('/api/roles/user/agents', { USE: false })).status).toBe(200);
    try {
      const before = await storedCounts(server);
      const refused = await chat(agent, 'hi', user);
      expect(refused.status).toBe(403);
      expect(await storedCounts(server)).toEqual(before);
    } finally {
      await client.put('/api/roles/user/agents', { USE: true });
    }
  });

  it('a tool that throws tells the model and the user "Error processing tool"', async () => {
    const agent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: ['broken_tool'] });
    openai.enqueue({ toolCalls: [{ name: 'broken_tool', args: {} }] }, { text: 'Sorry, the tool failed.' });
    const { frames } = await chat(agent);
    const reply = finalFrame(frames)!.data.responseMessage;
    expect(toolCallParts(reply.content)[0].tool_call.output).toBe('Error processing tool broken_tool: the disk is on fire');
    const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(toolResultsOf(chats[1]!)[0]!.text).toContain('Error processing tool broken_tool: the disk is on fire');
  });

  it('a tool that needs a sign-in shows its link on the call (auth, expires_at) and tells the model why it failed', async () => {
    const agent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: ['needs_sign_in'] });
    openai.enqueue({ toolCalls: [{ name: 'needs_sign_in', args: {} }] }, { text: 'Please sign in first.' });
    const { frames } = await chat(agent);
    const authDelta = events(frames, 'on_run_step_delta').find((f) => f.data.data.delta.auth);
    expect(authDelta!.data.data.delta).toMatchObject({ auth: 'https://idp.example/authorize?state=abc', expires_at: 1900000000 });
    const [call] = toolCallParts(finalFrame(frames)!.data.responseMessage.content);
    expect(call.tool_call).toMatchObject({
      auth: 'https://idp.example/authorize?state=abc',
      expires_at: 1900000000,
      output: 'Error processing tool needs_sign_in: No access token found. Please log in first.',
    });
    const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(toolResultsOf(chats[1]!)[0]!.text).toBe('Error processing tool needs_sign_in: No access token found. Please log in first.');
    expect(JSON.stringify(chats[1]!.body)).not.toContain('idp.example');
  });

  it('the recursion limit stops a model that keeps calling tools, and the reply says so', async () => {
    const agent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: ['get_weather'], recursion_limit: 3 });
    openai.setResponder(() => ({ toolCalls: [{ name: 'get_weather', args: { city: 'Oslo' } }] }));
    const { frames } = await chat(agent);
    const reply = finalFrame(frames)!.data.responseMessage;
    expect(openai.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(3);
    expect(toolCallParts(reply.content)).toHaveLength(3);
    expect(messageText(reply)).toContain('recursion limit of 3');
    expect(reply.finish_reason).toBe('tool_calls');
    // SPEC 8's tool_call_limit, recorded once the run has ended.
    const violations = () =>
      server.db.kysely.selectFrom('violations').select(['type', 'details']).where('user_id', '=', userId).where('type', '=', 'tool_call_limit').execute();
    await waitFor(async () => (await violations()).length === 1);
    expect(JSON.parse((await violations())[0]!.details)).toMatchObject({ max: 3, conversationId: reply.conversationId });
  });

  it('a stop mid-tool aborts the tool and stores the partial reply with the call unfinished', async () => {
    const agent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: ['slow_tool'] });
    openai.enqueue({ text: 'Working on it.', toolCalls: [{ id: 'call_slow', name: 'slow_tool', args: {} }] }, { text: 'never' });
    const partial = await chat(agent, 'go slow', client, (f) => f.data.event === 'on_run_step_delta');
    const { conversationId, responseMessageId } = partial.frames[0]!.data;
    await waitFor(async () => toolState.slowStarted);
    // Crash-safe: while the tool runs, the growing reply is saved with the call unfinished.
    const storedRow = () => server.db.kysely.selectFrom('messages').selectAll().where('message_id', '=', responseMessageId).executeTakeFirst();
    await waitFor(async () => {
      const row = await storedRow();
      const call = toolCallParts(row?.content ? JSON.parse(row.content) : [])[0];
      return row?.unfinished === 1 && call?.tool_call.name === 'slow_tool' && call.tool_call.progress < 1;
    });
    const res = await client.post('/api/agents/chat/abort', { abortKey: conversationId, endpoint: 'agents' });
    expect(res.status).toBe(200);
    expect(toolState.slowAborted).toBe(true);
    const stored = await server.db.kysely.selectFrom('messages').selectAll().where('message_id', '=', responseMessageId).executeTakeFirstOrThrow();
    expect(stored.finish_reason).toBe('incomplete');
    const content = JSON.parse(stored.content!);
    expect(content[0]).toEqual({ type: 'text', text: 'Working on it.' });
    expect(content[1].tool_call).toMatchObject({ id: 'call_slow', name: 'slow_tool' });
    expect(content[1].tool_call.progress ?? 0).toBeLessThan(1);
    expect(openai.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(1);
  });

  it('a reconnect with Last-Event-ID mid-tool-call gets the rest with no gap or duplicate', async () => {
    const agent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: ['get_weather'] });
    const longCity = 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch';
    openai.enqueue(
      { toolCalls: [{ id: 'call_long', name: 'get_weather', args: { city: longCity } }], chunkSize: 4, delayMs: 15 },
      { text: 'Rainy, probably.', chunkSize: 2, delayMs: 10 },
    );
    const partial = await chat(agent, 'weather?', client, (_f, all) => events(all, 'on_run_step_delta').length >= 3);
    const streamId = partial.frames[0]!.data.streamId;
    const lastId = partial.frames.at(-1)!.id;
    const rest = await readSse(`${server.baseUrl}/api/chat/stream/${streamId}`, { token: client.token, lastEventId: lastId });
    expect(rest.frames[0]!.id).toBe(lastId + 1);
    const all = [...partial.frames, ...rest.frames];
    expect(all.map((f) => f.id)).toEqual(all.map((_f, i) => i + 1));
    const args = events(all, 'on_run_step_delta').map((f) => f.data.data.delta.tool_calls[0].args).join('');
    expect(JSON.parse(args)).toEqual({ city: longCity });
    expect(messageText(finalFrame(rest.frames)!.data.responseMessage)).toBe('Rainy, probably.');
  });

  it("another user's private agent is a 404 and stores nothing; a shared one can be used", async () => {
    const other = new TestClient(server.baseUrl);
    const otherId = (await other.register()).user.id;
    const privateAgent = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: [], author: otherId });
    const before = await storedCounts(server);
    const refused = await chat(privateAgent);
    expect(refused.status).toBe(404);
    expect(await storedCounts(server)).toEqual(before);
    expect(openai.requests).toHaveLength(0);

    const shared = await insertAgent({ provider: 'openAI', model: 'gpt-4o-mini', tools: [], author: otherId, is_global: 1 });
    openai.enqueue({ text: 'Shared hello.' });
    const { frames } = await chat(shared);
    expect(messageText(finalFrame(frames)!.data.responseMessage)).toBe('Shared hello.');
  });

  it('an agent on a provider the config does not allow answers invalid_agent_provider and stores nothing', async () => {
    const agent = await insertAgent({ provider: 'Simulator', model: 'sim-1', tools: [] });
    const before = await storedCounts(server);
    const refused = await chat(agent);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('invalid_agent_provider');
    expect(JSON.parse(refused.json.text).type).toBe('invalid_agent_provider');
    expect(await storedCounts(server)).toEqual(before);
  });

  it("a tool's image is shown on the reply and fed back to a model that reads images (Anthropic)", async () => {
    const agent = await insertAgent({ provider: 'anthropic', model: 'claude-3-7-sonnet-latest', tools: ['draw_chart'] });
    anthropic.enqueue({ toolCalls: [{ name: 'draw_chart', args: {} }] }, { text: 'A fine chart.' });
    const { frames } = await chat(agent);
    const reply = finalFrame(frames)!.data.responseMessage;
    expect(reply.content.map((p: any) => p.type)).toEqual(['tool_call', 'image_url', 'text']);
    expect(reply.content[1]).toEqual({ type: 'image_url', image_url: { url: PIXEL_URL } });
    expect(reply.content[0].tool_call.output).toBe('Here is the chart.');
    const [result] = toolResultsOf(anthropic.requests.at(-1)!);
    expect(result!.text).toBe('Here is the chart.');
    expect(JSON.stringify(result!.raw)).toContain('"type":"image"');
  });

  describe('ephemeral agents', () => {
    it("an MCP server toggled on gives the model that server's tools, and the loop runs them", async () => {
      openai.enqueue({ toolCalls: [{ name: 'get_forecast_mcp_weather', args: {} }] }, { text: 'Rain is coming.' });
      const { frames } = await readSse(`${server.baseUrl}/api/agents/chat/openAI`, {
        token: client.token,
        body: { text: 'forecast?', endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT, ephemeralAgent: { mcp: ['weather'] } },
      });
      const reply = finalFrame(frames)!.data.responseMessage;
      expect(messageText(reply)).toBe('Rain is coming.');
      expect(toolCallParts(reply.content)[0].tool_call).toMatchObject({ name: 'get_forecast_mcp_weather', output: 'Forecast: rain', progress: 1 });
      const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
      expect(chats[0]!.body.tools.map((t: any) => t.function.name)).toEqual(['get_forecast_mcp_weather']);
      // The server's serverInstructions join the system prompt, as LibreChat adds them.
      expect(chats[0]!.body.messages[0]).toEqual({ role: 'system', content: '## weather MCP Server Instructions\n\nForecasts are in Celsius.' });
      // An ephemeral agent's chat stays under its model endpoint.
      expect(finalFrame(frames)!.data.conversation.endpoint).toBe('openAI');
    });

    it('a model endpoint chat with no tool toggled on runs as a plain chat', async () => {
      openai.enqueue({ text: 'Plain.' });
      const { frames } = await readSse(`${server.baseUrl}/api/agents/chat/openAI`, {
        token: client.token,
        body: { text: 'hi', endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT, ephemeralAgent: { mcp: [] } },
      });
      expect(finalFrame(frames)!.data.responseMessage.text).toBe('Plain.');
      expect(openai.requests.at(-1)!.body.tools).toBeUndefined();
    });
  });
});
