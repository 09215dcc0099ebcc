import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Agent } from 'undici';
import { assertPublicUrl, createGuardedDispatcher, createGuardedFetch, EgressError } from '../../platform/egress.js';
import type { McpCallResult } from './map-mcp-result.js';

/** An MCP server's config with every placeholder filled for one user (or none needed). */
export type ResolvedMcpServer = {
  /** Milliseconds a tool call may take. */
  timeout: number;
  /** Milliseconds connecting and initializing may take. */
  initTimeout: number;
} & (
  | { type: 'stdio'; command: string; args: string[]; env?: Record<string, string> | undefined; stderr?: 'pipe' | 'ignore' | 'inherit' | number | undefined }
  | {
      type: 'sse' | 'streamable-http' | 'websocket';
      url: string;
      headers?: Record<string, string> | undefined;
      /** A user supplied part of the URL: it goes through the egress guard. */
      isGuarded: boolean;
    }
);

export interface McpToolInfo {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;
}

/** A server that failed to connect is not retried before this, so listing tools stays fast while it is down. */
const RETRY_AFTER_MS = 5_000;

export class McpUnavailableError extends Error {
  constructor(serverName: string, reason: string) {
    super(`MCP server "${serverName}" is unavailable: ${reason}`);
    this.name = 'McpUnavailableError';
  }
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * One client session with one MCP server (for one user when its config has user placeholders):
 * opened on first use, reused, reopened after the transport closes or a failed attempt, closed
 * with the app.
 */
export class McpConnection {
  private client: Promise<Client> | undefined;
  private tools: Promise<McpToolInfo[]> | undefined;
  private failure: { error: Error; at: number } | undefined;
  private dispatcher: Agent | undefined;
  private closed = false;
  lastUsedAt = Date.now();

  constructor(
    readonly serverName: string,
    private readonly server: ResolvedMcpServer,
    private readonly log: FastifyBaseLogger,
  ) {}

  async connect(): Promise<Client> {
    this.lastUsedAt = Date.now();
    if (this.closed) throw new McpUnavailableError(this.serverName, 'the connection was closed');
    if (this.client) return this.client;
    if (this.failure && Date.now() - this.failure.at < RETRY_AFTER_MS) throw this.failure.error;
    const attempt = this.open();
    this.client = attempt;
    attempt.then(
      () => (this.failure = undefined),
      (err: unknown) => {
        if (this.client === attempt) this.client = undefined;
        this.failure = { error: err instanceof Error ? err : new Error(String(err)), at: Date.now() };
      },
    );
    return attempt;
  }

  private async open(): Promise<Client> {
    const transport = await this.createTransport();
    const client = new Client({ name: 'confab', version: '1.0.0' }, { capabilities: {} });
    client.onerror = (err) => this.log.debug({ err, server: this.serverName }, 'MCP transport error');
    client.onclose = () => {
      // The next use reconnects (a crashed stdio process, a dropped HTTP session).
      void this.client?.then((current) => {
        if (current === client) {
          this.client = undefined;
          this.tools = undefined;
        }
      }, () => undefined);
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.tools = undefined;
    });
    const timeout = this.server.initTimeout;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.connect(transport, { timeout }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeout} ms`)), timeout);
        }),
      ]);
      return client;
    } catch (err) {
      await client.close().catch(() => undefined);
      throw new McpUnavailableError(this.serverName, reasonOf(err));
    } finally {
      clearTimeout(timer);
    }
  }

  private async createTransport(): Promise<Transport> {
    const server = this.server;
    if (server.type === 'stdio') {
      return new StdioClientTransport({
        command: server.command,
        args: server.args,
        env: { ...getDefaultEnvironment(), ...server.env },
        stderr: server.stderr ?? 'inherit',
      });
    }
    if (server.isGuarded) {
      try {
        // Refused before any connection; the guarded fetch then pins every request to a vetted address.
        await assertPublicUrl(server.url.replace(/^ws(s?):/i, 'http$1:'));
      } catch (err) {
        const reason = err instanceof EgressError ? err.message : reasonOf(err);
        throw new McpUnavailableError(this.serverName, `URL refused: ${reason}`);
      }
    }
    const url = new URL(server.url);
    if (server.type === 'websocket') {
      if (server.isGuarded) throw new McpUnavailableError(this.serverName, 'a WebSocket URL with user values cannot be guarded; use streamable-http');
      if (typeof WebSocket === 'undefined') throw new McpUnavailableError(this.serverName, 'this Node.js has no WebSocket; use streamable-http or Node 22+');
      return new WebSocketClientTransport(url);
    }
    this.dispatcher = server.isGuarded ? createGuardedDispatcher() : undefined;
    const fetchImpl = this.dispatcher ? createGuardedFetch(this.dispatcher) : undefined;
    const requestInit: RequestInit = server.headers ? { headers: server.headers } : {};
    return server.type === 'sse'
      ? new SSEClientTransport(url, { requestInit, ...(fetchImpl ? { fetch: fetchImpl } : {}) })
      : new StreamableHTTPClientTransport(url, { requestInit, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  }

  /** The server's tools, cached until the server says they changed or the session ends. */
  async listTools(): Promise<McpToolInfo[]> {
    const client = await this.connect();
    if (!this.tools) {
      const listing = (async () => {
        const tools: McpToolInfo[] = [];
        let cursor: string | undefined;
        do {
          const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.server.initTimeout });
          tools.push(...(page.tools as McpToolInfo[]));
          cursor = page.nextCursor;
        } while (cursor);
        return tools;
      })();
      this.tools = listing;
      listing.catch(() => {
        if (this.tools === listing) this.tools = undefined;
      });
    }
    return this.tools;
  }

  /** The server's own instructions (sent when it initialized). */
  async instructions(): Promise<string | undefined> {
    return (await this.connect()).getInstructions();
  }

  /** Calls a tool; the signal (abort) and the server's timeout both stop it. */
  async callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult> {
    const client = await this.connect();
    const timeout = this.server.timeout;
    const result = await client.callTool({ name, arguments: args }, undefined, { signal, timeout, maxTotalTimeout: timeout });
    return result as McpCallResult;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client) await client.then((c) => c.close(), () => undefined).catch(() => undefined);
    await this.dispatcher?.close().catch(() => undefined);
  }
}
