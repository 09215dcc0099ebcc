import type { FastifyBaseLogger } from 'fastify';
import type { McpServerConfig, McpServersConfig } from '../../config/mcp-servers-schema.js';
import type { Db } from '../../db/database.js';
import { sha256 } from '../../platform/ids.js';
import type { ToolSource } from '../tools/tool-registry.js';
import type { ToolAuthField, ToolDefinition, ToolOutput } from '../tools/tool-types.js';
import { mapMcpResult } from './map-mcp-result.js';
import type { McpConnection, ResolvedMcpServer } from './mcp-connection.js';
import {
  fillPlaceholders,
  fillRecord,
  isUserInfluenced,
  placeholdersIn,
  type McpUserValues,
} from './mcp-placeholders.js';

/** LibreChat's delimiter between an MCP tool's name and its server's. */
export const MCP_DELIMITER = '_mcp_';
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_INIT_TIMEOUT_MS = 30_000;
/** Per-user sessions nobody used for this long are closed. */
const IDLE_USER_CONNECTION_MS = 10 * 60_000;
/** The credential field of a per-user apiKey (`apiKey.source: user`). */
export const MCP_API_KEY_FIELD = 'MCP_API_KEY';

/** Where a user's customUserVars for a server are kept (the tool credentials store, encrypted). */
export const mcpCredentialKey = (serverName: string): string => `mcp_${serverName}`;

/** Reads a user's stored credentials for a key (the registry's ToolCredentials). */
export interface McpCredentialReader {
  get(userId: string, key: string): Promise<Record<string, string> | undefined>;
}

const toNamePart = (value: string): string => value.replace(/[^a-zA-Z0-9_-]/g, '_');

function templatesOf(server: McpServerConfig): string[] {
  if (server.type === 'stdio') return [server.command, ...server.args, ...Object.values(server.env ?? {})];
  return [server.url, ...Object.values('headers' in server ? (server.headers ?? {}) : {})];
}

function authHeader(server: McpServerConfig, key: string): Record<string, string> {
  const apiKey = server.apiKey;
  if (!apiKey || !key) return {};
  if (apiKey.authorization_type === 'custom') return { [apiKey.custom_header ?? 'X-Api-Key']: key };
  return { Authorization: apiKey.authorization_type === 'bearer' ? `Bearer ${key}` : `Basic ${key}` };
}

/**
 * The MCP servers of the config as one tool source: each server's tools become
 * `{tool}_mcp_{server}` in the registry. A server without user placeholders has one shared
 * session; one with them (customUserVars, the user's id or email) has a session per user and
 * set of values.
 */
export class McpServers implements ToolSource {
  private readonly connections = new Map<string, McpConnection>();
  private readonly customVars = new Map<string, ReadonlySet<string>>();

  constructor(
    private readonly servers: McpServersConfig,
    private readonly db: Db,
    private readonly credentials: McpCredentialReader,
    private readonly log: FastifyBaseLogger,
  ) {
    for (const [name, server] of Object.entries(servers))
      this.customVars.set(name, new Set(Object.keys(server.customUserVars ?? {})));
  }

  get serverNames(): string[] {
    return Object.keys(this.servers);
  }

  private isPerUser(server: McpServerConfig): boolean {
    return server.apiKey?.source === 'user' || templatesOf(server).some((t) => placeholdersIn(t).length > 0);
  }

  private async userValues(
    userId: string,
    serverName: string,
    server: McpServerConfig,
  ): Promise<McpUserValues | undefined> {
    const stored = (await this.credentials.get(userId, mcpCredentialKey(serverName))) ?? {};
    const needed = [
      ...Object.keys(server.customUserVars ?? {}),
      ...(server.apiKey?.source === 'user' ? [MCP_API_KEY_FIELD] : []),
    ];
    // Without the user's values the server cannot be reached for them: its tools are not offered.
    if (needed.some((name) => !stored[name])) return undefined;
    const usesProfile = templatesOf(server).some((t) =>
      placeholdersIn(t).some((p) => p.startsWith('LIBRECHAT_USER_') && p !== 'LIBRECHAT_USER_ID'),
    );
    const profile = usesProfile
      ? await this.db.kysely
          .selectFrom('users')
          .select(['email', 'username', 'name'])
          .where('id', '=', userId)
          .executeTakeFirst()
      : undefined;
    return { id: userId, email: profile?.email, username: profile?.username, name: profile?.name, vars: stored };
  }

  private resolve(serverName: string, server: McpServerConfig, user: McpUserValues | undefined): ResolvedMcpServer {
    const vars = this.customVars.get(serverName) ?? new Set<string>();
    const fill = (t: string): string => (user ? fillPlaceholders(t, user, vars) : t);
    const timeouts = {
      timeout: server.timeout ?? DEFAULT_TIMEOUT_MS,
      initTimeout: server.initTimeout ?? DEFAULT_INIT_TIMEOUT_MS,
    };
    if (server.type === 'stdio') {
      return {
        ...timeouts,
        type: 'stdio',
        command: server.command,
        args: server.args.map(fill),
        env: user ? fillRecord(server.env, user, vars) : server.env,
        stderr: server.stderr,
      };
    }
    const headers = {
      ...(user && 'headers' in server
        ? fillRecord(server.headers, user, vars)
        : 'headers' in server
          ? server.headers
          : undefined),
    };
    const key = server.apiKey?.source === 'user' ? (user?.vars[MCP_API_KEY_FIELD] ?? '') : (server.apiKey?.key ?? '');
    Object.assign(headers, authHeader(server, key));
    return {
      ...timeouts,
      type: server.type,
      url: fill(server.url),
      headers,
      isGuarded: isUserInfluenced(server.url, vars),
    };
  }

  /** The session for this user and server, or undefined while the user has not given the server's values. */
  async connectionFor(userId: string, serverName: string): Promise<McpConnection | undefined> {
    const server = this.servers[serverName];
    if (!server) return undefined;
    // The MCP SDK loads with the first session, not at start; before any lookup, so that two
    // calls at once still find the one connection the first of them made.
    const { McpConnection } = await import('./mcp-connection.js');
    this.closeIdle();
    let key = serverName;
    let resolved: ResolvedMcpServer;
    if (this.isPerUser(server)) {
      const user = await this.userValues(userId, serverName, server);
      if (!user) return undefined;
      resolved = this.resolve(serverName, server, user);
      // Keyed by the filled config: new values open a new session, the old one idles out.
      key = `${serverName}\u0000${sha256(JSON.stringify(resolved))}`;
    } else {
      const existing = this.connections.get(key);
      if (existing) return existing;
      resolved = this.resolve(serverName, server, undefined);
    }
    let connection = this.connections.get(key);
    if (!connection) {
      connection = new McpConnection(serverName, resolved, this.log);
      this.connections.set(key, connection);
    }
    return connection;
  }

  private closeIdle(): void {
    const now = Date.now();
    for (const [key, connection] of this.connections) {
      if (key.includes('\u0000') && now - connection.lastUsedAt > IDLE_USER_CONNECTION_MS) {
        this.connections.delete(key);
        void connection.close();
      }
    }
  }

  async listTools(userId: string): Promise<ToolDefinition[]> {
    const lists = await Promise.all(
      this.serverNames.map((serverName) =>
        this.toolsOf(userId, serverName).catch((err: unknown) => {
          // One server down hides its own tools, never the others'.
          this.log.warn({ err, server: serverName }, 'MCP server failed to list its tools');
          return [];
        }),
      ),
    );
    return lists.flat();
  }

  /** One server's tools for this user. */
  async toolsOf(userId: string, serverName: string): Promise<ToolDefinition[]> {
    const server = this.servers[serverName];
    const connection = await this.connectionFor(userId, serverName);
    if (!server || !connection) return [];
    const tools = await connection.listTools();
    const definitions: ToolDefinition[] = [];
    for (const tool of tools) {
      const name = `${toNamePart(tool.name)}${MCP_DELIMITER}${toNamePart(serverName)}`;
      if (name.length > 64) {
        this.log.warn({ tool: name }, 'MCP tool name longer than 64 characters; not offered');
        continue;
      }
      definitions.push({
        name,
        displayName: tool.title ?? tool.name,
        description: tool.description ?? '',
        inputSchema: { ...tool.inputSchema, type: 'object' },
        kind: 'mcp',
        group: serverName,
        iconURL: server.iconPath,
        run: (context, args) => this.callTool(serverName, tool.name, context.userId, args, context.signal),
      });
    }
    return definitions;
  }

  /** Runs a tool; a failure is an error output saying why (the chat loop adds "Error processing tool …"). */
  private async callTool(
    serverName: string,
    toolName: string,
    userId: string,
    args: unknown,
    signal: AbortSignal,
  ): Promise<ToolOutput> {
    try {
      // Looked up again at call time: the session may have been reopened since the listing.
      const connection = await this.connectionFor(userId, serverName);
      if (!connection)
        return { isError: true, parts: [{ type: 'text', text: `MCP server "${serverName}" needs your values first` }] };
      const input = args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
      return mapMcpResult(await connection.callTool(toolName, input, signal));
    } catch (err) {
      // An abort ends the run; the loop reports it, not the tool.
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : err;
      return { isError: true, parts: [{ type: 'text', text: err instanceof Error ? err.message : String(err) }] };
    }
  }

  /**
   * What a user gives for a server through the plugin store (LibreChat saves MCP customUserVars
   * as the plugin `mcp_{server}`): its customUserVars, and the key of a per-user apiKey.
   */
  credentialTarget(pluginKey: string): { name: string; auth: ToolAuthField[] } | undefined {
    const entry = Object.entries(this.servers).find(([name]) => mcpCredentialKey(name) === pluginKey);
    if (!entry) return undefined;
    const [, server] = entry;
    const auth: ToolAuthField[] = Object.entries(server.customUserVars ?? {}).map(([authField, v]) => ({
      authField,
      label: v.title,
      description: v.description,
    }));
    if (server.apiKey?.source === 'user')
      auth.push({ authField: MCP_API_KEY_FIELD, label: 'API key', description: 'Your API key for this server' });
    return auth.length ? { name: pluginKey, auth } : undefined;
  }

  /**
   * What the agent's instructions gain from a server (`serverInstructions`): the configured text,
   * the server's own when `true`, nothing otherwise.
   */
  async instructionsFor(userId: string, serverName: string): Promise<string | undefined> {
    const setting = this.servers[serverName]?.serverInstructions;
    if (typeof setting === 'string') return setting;
    if (setting !== true) return undefined;
    const connection = await this.connectionFor(userId, serverName);
    return connection?.instructions().catch(() => undefined);
  }

  async close(): Promise<void> {
    const open = [...this.connections.values()];
    this.connections.clear();
    await Promise.all(open.map((c) => c.close()));
  }
}
