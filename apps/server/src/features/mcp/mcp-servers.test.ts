import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServersSchema } from '../../config/mcp-servers-schema.js';
import { MCP_STDIO_SCRIPT, MCP_TEST_PNG, startMcpHttpServer, type RunningMcpHttpServer } from '../../../test/fixtures/mcp-test-server.js';
import { useTestDatabase } from '../../../test/test-server.js';
import type { ToolContext, ToolDefinition } from '../tools/tool-types.js';
import { mcpCredentialKey, McpServers } from './mcp-servers.js';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const stdio = { command: process.execPath, args: ['--import', 'tsx', MCP_STDIO_SCRIPT], stderr: 'ignore' };

/** The user's stored values (the registry's encrypted store in the app), in memory here. */
function credentialStore(values: Record<string, Record<string, string>> = {}) {
  return { get: (userId: string, key: string) => Promise.resolve(values[`${userId}:${key}`]) };
}

function context(userId: string, signal = new AbortController().signal): ToolContext {
  return { userId, conversationId: 'c', messageId: 'm', toolCallId: 't', signal, log };
}

function named(tools: ToolDefinition[], name: string): ToolDefinition {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${tools.map((t) => t.name).join(', ')}`);
  return tool;
}

const textOf = (output: Awaited<ReturnType<ToolDefinition['run']>>): string =>
  output.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');

describe('MCP servers as a tool source', () => {
  const database = useTestDatabase('sqlite');
  let http: RunningMcpHttpServer;
  const opened: McpServers[] = [];
  const open = (servers: unknown, values?: Record<string, Record<string, string>>): McpServers => {
    const source = new McpServers(mcpServersSchema.parse(servers), database.db, credentialStore(values), log);
    opened.push(source);
    return source;
  };

  beforeAll(async () => {
    http = await startMcpHttpServer();
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await http.close();
  });

  it('lists a stdio server’s tools with their schemas and runs them: text, error, thrown, image', async () => {
    const source = open({ local: { ...stdio, iconPath: '/icons/local.svg' } });
    const tools = await source.listTools('u1');
    const echo = named(tools, 'echo_mcp_local');
    expect(echo).toMatchObject({ kind: 'mcp', group: 'local', displayName: 'Echo', description: 'Repeats the text', iconURL: '/icons/local.svg' });
    expect(echo.inputSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string', description: 'What to repeat' } }, required: ['text'] });
    expect(await echo.run(context('u1'), { text: 'hi' })).toEqual({ parts: [{ type: 'text', text: 'echo: hi' }] });
    expect(textOf(await named(tools, 'add_mcp_local').run(context('u1'), { a: 2, b: 3 }))).toBe('5');

    const failed = await named(tools, 'fail_mcp_local').run(context('u1'), {});
    expect(failed).toEqual({ isError: true, parts: [{ type: 'text', text: 'the disk is full' }] });
    const crashed = await named(tools, 'crash_mcp_local').run(context('u1'), {});
    expect(crashed.isError).toBe(true);
    expect(textOf(crashed)).toMatch(/kaboom/);

    const picture = await named(tools, 'picture_mcp_local').run(context('u1'), {});
    expect(picture.parts).toEqual([
      { type: 'image', url: `data:image/png;base64,${MCP_TEST_PNG}`, mediaType: 'image/png' },
      { type: 'text', text: 'Resource link: notes.txt (file:///notes.txt)' },
    ]);
  });

  it('reconnects a stdio server whose process ended', async () => {
    const source = open({ local: stdio });
    const tools = await source.listTools('u1');
    expect(textOf(await named(tools, 'exit_mcp_local').run(context('u1'), {}))).toBe('bye');
    await new Promise((r) => setTimeout(r, 300));
    expect(textOf(await named(tools, 'echo_mcp_local').run(context('u1'), { text: 'again' }))).toBe('echo: again');
  });

  it('fills {{LIBRECHAT_USER_ID}} per user in a stdio server’s env', async () => {
    const source = open({ local: { ...stdio, env: { MCP_TEST_USER: 'user={{LIBRECHAT_USER_ID}}' } } });
    const [a, b] = await Promise.all([source.listTools('alice'), source.listTools('bob')]);
    expect(textOf(await named(a, 'whoami_mcp_local').run(context('alice'), {}))).toBe('user=alice');
    expect(textOf(await named(b, 'whoami_mcp_local').run(context('bob'), {}))).toBe('user=bob');
  });

  it('talks streamable HTTP and SSE, with header placeholders and customUserVars filled from the user’s values', async () => {
    const servers = {
      remote: {
        type: 'streamable-http',
        url: http.url,
        headers: { 'X-User': '{{LIBRECHAT_USER_ID}}', Authorization: 'Bearer {{API_TOKEN}}' },
        customUserVars: { API_TOKEN: { title: 'Token', description: 'Your token' } },
      },
      legacy: { type: 'sse', url: http.sseUrl },
    };
    // The user's value is inserted as written: `${…}` in it is not a config reference.
    const source = open(servers, { [`u1:${mcpCredentialKey('remote')}`]: { API_TOKEN: 'tok-${JWT_SECRET}' } });
    const tools = await source.listTools('u1');
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo_mcp_remote', 'echo_mcp_legacy']));
    const headerText = textOf(await named(tools, 'headers_mcp_remote').run(context('u1'), {}));
    const headers = JSON.parse(headerText) as Record<string, string>;
    expect(headers).toMatchObject({ 'x-user': 'u1', authorization: 'Bearer tok-${JWT_SECRET}' });
    expect(textOf(await named(tools, 'echo_mcp_legacy').run(context('u1'), { text: 'sse' }))).toBe('echo: sse');

    // Without the user's values the server is not reachable for them: its tools are not offered.
    const other = await source.listTools('u2');
    expect(other.map((t) => t.group)).not.toContain('remote');
    expect(other.map((t) => t.group)).toContain('legacy');
  });

  it('stops a call at the server’s timeout and at an abort', async () => {
    const source = open({ remote: { type: 'streamable-http', url: http.url, timeout: 300 } });
    const slow = named(await source.listTools('u1'), 'slow_mcp_remote');
    let started = Date.now();
    const timedOut = await slow.run(context('u1'), { ms: 10_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(timedOut.isError).toBe(true);
    expect(textOf(timedOut)).toMatch(/timed out/i);

    const controller = new AbortController();
    started = Date.now();
    setTimeout(() => controller.abort(new Error('stopped by the user')), 100);
    await expect(slow.run(context('u1', controller.signal), { ms: 10_000 })).rejects.toThrow('stopped by the user');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('a server that is down is a clear error, not a hang, and does not hide the others', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const source = open({
      down: { type: 'streamable-http', url: `http://127.0.0.1:${port}/mcp`, initTimeout: 2_000 },
      missing: { command: '/nonexistent/mcp-server', args: [] },
      remote: { type: 'streamable-http', url: http.url },
    });
    const started = Date.now();
    await expect(source.toolsOf('u1', 'down')).rejects.toThrow(/^MCP server "down" is unavailable: /);
    await expect(source.toolsOf('u1', 'missing')).rejects.toThrow(/^MCP server "missing" is unavailable: .*ENOENT/);
    const tools = await source.listTools('u1');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(new Set(tools.map((t) => t.group))).toEqual(new Set(['remote']));
  });

  it('refuses a URL a user’s value points at loopback or a private address, before any connection', async () => {
    const servers = {
      byUser: {
        type: 'streamable-http',
        url: 'http://{{HOST}}/mcp',
        customUserVars: { HOST: { title: 'Host', description: 'Your MCP host' } },
      },
    };
    const port = new URL(http.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, '10.0.0.8', '[::ffff:127.0.0.1]:' + port, '169.254.169.254']) {
      const source = open(servers, { [`u1:${mcpCredentialKey('byUser')}`]: { HOST: host } });
      const before = http.requests;
      await expect(source.toolsOf('u1', 'byUser')).rejects.toThrow(/^MCP server "byUser" is unavailable: URL refused: /);
      expect(http.requests).toBe(before);
    }
  });
});
