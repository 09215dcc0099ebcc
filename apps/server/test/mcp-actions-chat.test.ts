import { messageText, NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, toolResultsOf, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { MCP_STDIO_SCRIPT, startMcpHttpServer, type RunningMcpHttpServer } from './fixtures/mcp-test-server.js';
import { petStoreSpec, startOpenApiTestServer, type OpenApiTestServer } from './fixtures/openapi-test-server.js';
import { TestClient } from './http-client.js';
import { finalFrame, readSse } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * MCP servers (a real SDK server over stdio and over streamable HTTP, started by the test) and an
 * OpenAPI action (a local API) called by a model in an agent chat, end to end over HTTP.
 */
describeEachDialect('MCP and action tools in an agent chat', (dialect) => {
  let openai: OpenAISimulator;
  let mcp: RunningMcpHttpServer;
  let api: OpenApiTestServer;
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    [openai, mcp, api] = await Promise.all([startOpenAISimulator({ apiKey: 'sk-test' }), startMcpHttpServer(), startOpenApiTestServer()]);
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, OPENAI_MODELS: 'gpt-4o-mini', TITLE_CONVO: 'false' },
      config: {
        mcpServers: {
          local: { command: process.execPath, args: ['--import', 'tsx', MCP_STDIO_SCRIPT], stderr: 'ignore' },
          remote: {
            type: 'streamable-http',
            url: mcp.url,
            headers: { Authorization: 'Bearer {{API_TOKEN}}' },
            customUserVars: { API_TOKEN: { title: 'Token', description: 'Your token for the remote server' } },
          },
        },
      },
      actionsFetch: api.pinnedFetch,
    });
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([openai?.close(), mcp?.close(), api?.close()]);
  });
  beforeEach(() => {
    openai.reset();
    api.received.length = 0;
  });

  const toolNames = async (): Promise<string[]> => ((await client.get('/api/agents/tools')).json as { pluginKey: string }[]).map((p) => p.pluginKey);

  it('lists each server’s tools in the builder, the remote one once the user gave its value, and a model calls them in a chat', async () => {
    expect(await toolNames()).toEqual(expect.arrayContaining(['echo_mcp_local', 'add_mcp_local']));
    expect((await toolNames()).some((name) => name.endsWith('_mcp_remote'))).toBe(false);
    const installed = await client.post('/api/user/plugins', { pluginKey: 'mcp_remote', action: 'install', auth: { API_TOKEN: 'tok-1' } });
    expect(installed.status).toBe(200);
    expect(await toolNames()).toEqual(expect.arrayContaining(['echo_mcp_local', 'headers_mcp_remote', 'add_mcp_remote']));

    const created = await client.post('/api/agents', { name: 'Tools', provider: 'openAI', model: 'gpt-4o-mini', tools: ['echo_mcp_local', 'headers_mcp_remote'] });
    expect(created.json.tools).toEqual(['echo_mcp_local', 'headers_mcp_remote']);
    openai.enqueue(
      { toolCalls: [{ id: 'call_1', name: 'echo_mcp_local', args: { text: 'over stdio' } }] },
      { toolCalls: [{ id: 'call_2', name: 'headers_mcp_remote', args: {} }] },
      { text: 'Both worked.' },
    );
    const { status, frames } = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: client.token,
      body: { text: 'Use the tools', endpoint: 'agents', agent_id: created.json.id, parentMessageId: NO_PARENT, conversationId: null },
    });
    expect(status).toBe(200);
    const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(3);
    expect(chats[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual(['echo_mcp_local', 'headers_mcp_remote']);
    expect(chats[0]!.body.tools.find((t: { function: { name: string } }) => t.function.name === 'echo_mcp_local').function.parameters).toMatchObject({
      properties: { text: { type: 'string' } },
      required: ['text'],
    });
    expect(toolResultsOf(chats[1]!)).toMatchObject([{ id: 'call_1', text: 'echo: over stdio' }]);
    const headers = JSON.parse(toolResultsOf(chats[2]!).find((r) => r.id === 'call_2')?.text ?? '{}') as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-1');

    const reply = finalFrame(frames)!.data.responseMessage;
    expect(messageText(reply)).toBe('Both worked.');
    const calls = reply.content.filter((p: { type: string }) => p.type === 'tool_call').map((p: { tool_call: unknown }) => p.tool_call);
    expect(calls).toMatchObject([
      { id: 'call_1', name: 'echo_mcp_local', output: 'echo: over stdio', progress: 1 },
      { id: 'call_2', name: 'headers_mcp_remote', progress: 1 },
    ]);
  });

  it('an MCP tool’s error reaches the model and the tool call once as "Error processing tool"', async () => {
    const created = await client.post('/api/agents', { name: 'Failing', provider: 'openAI', model: 'gpt-4o-mini', tools: ['fail_mcp_local'] });
    openai.enqueue({ toolCalls: [{ id: 'call_f', name: 'fail_mcp_local', args: {} }] }, { text: 'It failed.' });
    const { frames } = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: client.token,
      body: { text: 'Try it', endpoint: 'agents', agent_id: created.json.id, parentMessageId: NO_PARENT, conversationId: null },
    });
    const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(toolResultsOf(chats[1]!)[0]?.text).toBe('Error processing tool fail_mcp_local: the disk is full');
    const call = finalFrame(frames)!.data.responseMessage.content.find((p: { type: string }) => p.type === 'tool_call').tool_call;
    expect(call).toMatchObject({ name: 'fail_mcp_local', output: 'Error processing tool fail_mcp_local: the disk is full' });
  });

  it('a model calls an OpenAPI action of the agent, with its bearer key, in a chat', async () => {
    const agent = (await client.post('/api/agents', { name: 'Pets', provider: 'openAI', model: 'gpt-4o-mini' })).json.id as string;
    const saved = await client.post(`/api/agents/actions/${agent}`, {
      functions: [{}],
      metadata: { raw_spec: petStoreSpec(), auth: { type: 'service_http', authorization_type: 'bearer' }, api_key: 'sk-pets' },
    });
    expect(saved.status).toBe(200);
    openai.enqueue({ toolCalls: [{ id: 'call_pet', name: 'getPet_action_api_example_com', args: { petId: 'rex' } }] }, { text: 'Rex is fine.' });
    const { frames } = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: client.token,
      body: { text: 'How is Rex?', endpoint: 'agents', agent_id: agent, parentMessageId: NO_PARENT, conversationId: null },
    });
    expect(api.received).toHaveLength(1);
    expect(api.received[0]).toMatchObject({ method: 'GET', url: '/v1/pets/rex', headers: { authorization: 'Bearer sk-pets', 'x-original-host': 'api.example.com' } });
    const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(JSON.parse(toolResultsOf(chats[1]!)[0]?.text ?? '{}')).toMatchObject({ ok: true, url: '/v1/pets/rex' });
    expect(messageText(finalFrame(frames)!.data.responseMessage)).toBe('Rex is fine.');
  });
});
