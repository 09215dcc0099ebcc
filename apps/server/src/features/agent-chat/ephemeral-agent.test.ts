import { messageText, NO_PARENT, type Role } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postUpload } from '../../../test/files-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { updateRolePermissions } from '../roles/roles.repo.js';
import { ephemeralToolNames } from './ephemeral-agent.js';

describe('ephemeralToolNames', () => {
  const listed = [
    { name: 'forecast_mcp_weather', kind: 'mcp' as const, group: 'weather' },
    { name: 'read_mcp_files', kind: 'mcp' as const, group: 'files' },
    { name: 'get_weather', kind: 'builtin' as const },
  ];
  it("names the toggled built-ins and every tool of each toggled MCP server (LibreChat's loadEphemeralAgent)", () => {
    expect(ephemeralToolNames({ execute_code: true, file_search: true, mcp: ['weather'] }, undefined, listed)).toEqual([
      'execute_code',
      'file_search',
      'forecast_mcp_weather',
    ]);
    expect(ephemeralToolNames({ execute_code: false, mcp: [] }, undefined, listed)).toEqual([]);
  });
  it('drops a toggle whose agents capability the config turns off', () => {
    expect(ephemeralToolNames({ execute_code: true, file_search: true }, ['tools'], listed)).toEqual([]);
    expect(ephemeralToolNames({ execute_code: true, file_search: true }, ['file_search'], listed)).toEqual([
      'file_search',
    ]);
  });
});

/**
 * Issue 37 item 5: a plain model chat with tools toggled on in the composer (LibreChat's
 * ephemeral agent) offers the model exactly those tools, and each one works.
 */
describeEachDialect('a plain chat with tools toggled on', (dialect) => {
  let openai: OpenAISimulator;
  let server: TestServer;
  let client: TestClient;
  let role: Role;

  beforeAll(async () => {
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      // The OpenAI endpoint's key and URL also give file_search its embeddings (the simulator's).
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false' },
      config: {
        // Listed for the chat's tool menu without connecting (nothing listens there).
        mcpServers: {
          weather: { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp', title: 'Weather' },
          internal: { type: 'streamable-http', url: 'http://127.0.0.1:9/internal', chatMenu: false },
        },
      },
    });
    client = new TestClient(server.baseUrl);
    role = (await client.register()).user.role as Role;
  });
  afterAll(async () => {
    await server?.close();
    await openai?.close();
  });
  beforeEach(() => openai.reset());

  const chatCompletions = () => openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const offeredTools = (index = 0): string[] =>
    (chatCompletions()[index]?.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
  const send = (ephemeralAgent: unknown, extra: Record<string, unknown> = {}) =>
    readSse(`${server.baseUrl}/api/agents/chat/openAI`, {
      token: client.token,
      body: {
        text: 'Hello',
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        parentMessageId: NO_PARENT,
        conversationId: null,
        ephemeralAgent,
        ...extra,
      },
    });

  it('lists the MCP servers for the chat menu in /api/config, with nothing that connects', async () => {
    const config = (await (await fetch(`${server.baseUrl}/api/config`)).json()) as { mcpServers: unknown };
    expect(config.mcpServers).toEqual({
      weather: { customUserVars: {}, title: 'Weather' },
      internal: { chatMenu: false, customUserVars: {} },
    });
    expect(JSON.stringify(config)).not.toContain('127.0.0.1:9');
  });

  it('offers execute_code with the code toggle on, and no tool without it', async () => {
    openai.enqueue({ text: 'With code.' }, { text: 'Without.' });
    const on = await send({ mcp: [], execute_code: true });
    expect(on.status).toBe(200);
    expect(offeredTools(0)).toEqual(['execute_code']);
    // The chat stays under its model endpoint.
    expect(finalFrame(on.frames)!.data.conversation.endpoint).toBe('openAI');
    await send({ mcp: [], execute_code: false });
    expect(chatCompletions()[1]!.body.tools).toBeUndefined();
  });

  it('does not offer execute_code to a role without RUN_CODE: the toggle is dropped, the chat still answers', async () => {
    await updateRolePermissions(server.db, role, 'RUN_CODE', { USE: false });
    try {
      openai.enqueue({ text: 'Plain answer.' });
      const { status, frames } = await send({ mcp: [], execute_code: true });
      expect(status).toBe(200);
      expect(chatCompletions()[0]!.body.tools).toBeUndefined();
      expect(messageText(finalFrame(frames)!.data.responseMessage)).toBe('Plain answer.');
    } finally {
      await updateRolePermissions(server.db, role, 'RUN_CODE', { USE: true });
    }
  });

  it("file search searches the files this conversation's messages carry", async () => {
    const upload = await postUpload(
      server.baseUrl,
      client.token,
      [{ name: 'harbour.txt', data: 'The ferry to the outer islands leaves from pier nineteen at dawn.' }],
      { endpoint: 'openAI' },
    );
    expect(upload.status).toBe(200);
    const file = {
      file_id: upload.json.file_id,
      filepath: upload.json.filepath,
      type: 'text/plain',
      filename: 'harbour.txt',
    };
    openai.enqueue(
      { toolCalls: [{ name: 'file_search', args: { query: 'which pier does the ferry leave from?' } }] },
      { text: 'Pier nineteen.' },
    );
    const { frames } = await send({ mcp: [], execute_code: false, file_search: true }, { files: [file] });
    expect(offeredTools(0)).toEqual(['file_search']);
    const call = finalFrame(frames)!.data.responseMessage.content.find((p: { type: string }) => p.type === 'tool_call');
    expect(call.tool_call.name).toBe('file_search');
    expect(call.tool_call.output).toContain('pier nineteen');
  });
});
