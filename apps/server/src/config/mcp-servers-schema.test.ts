import { describe, expect, it } from 'vitest';
import { ConfigError, validateConfig } from './load-config.js';

function problems(mcpServers: unknown): string[] {
  try {
    validateConfig({ mcpServers }, 'x', {});
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('mcpServers config', () => {
  it('infers the type as LibreChat does and keeps every documented field', () => {
    const config = validateConfig(
      {
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'server'], env: { TOKEN: '${T}' }, timeout: 30000, iconPath: '/i.svg', chatMenu: false },
          remote: { url: 'https://mcp.example.com/sse', headers: { Authorization: 'Bearer {{API_TOKEN}}' }, customUserVars: { API_TOKEN: { title: 'Token', description: 'Yours' } } },
          ws: { url: 'wss://mcp.example.com/ws' },
          http: { type: 'http', url: 'https://mcp.example.com/mcp', initTimeout: 5000, serverInstructions: true },
        },
      },
      'x',
      { T: 'secret' },
    );
    const servers = config.mcpServers ?? {};
    expect(servers.files).toMatchObject({ type: 'stdio', command: 'npx', env: { TOKEN: 'secret' }, timeout: 30000 });
    expect(servers.remote).toMatchObject({ type: 'sse', headers: { Authorization: 'Bearer {{API_TOKEN}}' } });
    expect(servers.ws?.type).toBe('websocket');
    expect(servers.http).toMatchObject({ type: 'streamable-http', initTimeout: 5000, serverInstructions: true });
  });

  it('refuses ws URLs for SSE and streamable-http, and non-ws URLs for websocket (SPEC 5)', () => {
    expect(problems({ a: { type: 'sse', url: 'ws://h/x' } })).toEqual(['mcpServers.a.url: SSE URL must not start with ws:// or wss://']);
    expect(problems({ a: { type: 'streamable-http', url: 'wss://h/x' } })).toEqual([
      'mcpServers.a.url: Streamable HTTP URL must not start with ws:// or wss://',
    ]);
    expect(problems({ a: { type: 'websocket', url: 'https://h/x' } })).toEqual(['mcpServers.a.url: WebSocket URL must start with ws:// or wss://']);
  });

  it('refuses typos and the MCP auth it does not offer, naming the server', () => {
    expect(problems({ a: { command: 'x', timout: 5 } })[0]).toMatch(/^mcpServers\.a: Unrecognized key: "timout"/);
    expect(problems({ a: { url: 'https://h/x', oauth: { client_id: 'c' } } })).toEqual([
      "mcpServers.a.oauth: MCP oauth is not supported: give the server's credentials in headers or apiKey",
    ]);
    expect(problems({ a: { args: [] } }).length).toBeGreaterThan(0);
  });
});
