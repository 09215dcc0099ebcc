import type { Role } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { ToolCredentials } from './tool-credentials.js';
import type { ToolDefinition } from './tool-types.js';

/**
 * Where tools come from. A source lists the tools one user may use (MCP servers and actions may
 * differ per user); built-ins use `staticToolSource`. Sources are asked on every listing, so a
 * source that is slow to list should cache on its side.
 */
export interface ToolSource {
  listTools(userId: string): Promise<ToolDefinition[]>;
}

/** A source of fixed tools (the built-ins). */
export function staticToolSource(tools: ToolDefinition[]): ToolSource {
  return { listTools: () => Promise.resolve(tools) };
}

/**
 * The one registry every tool goes through (ARCHITECTURE.md, "Tools, files and money"): the agent
 * builder lists it, the agent chat loop resolves an agent's tool names through it, and the plugin
 * store installs credentials for the tools that declare `auth`.
 */
export class ToolRegistry {
  private readonly sources: ToolSource[] = [];
  readonly credentials: ToolCredentials;

  constructor(
    db: Db,
    credsKey: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.credentials = new ToolCredentials(db, credsKey);
  }

  register(source: ToolSource): void {
    this.sources.push(source);
  }

  /** Every tool the user may use, by name; the first source to name a tool wins. */
  async listFor(userId: string): Promise<ToolDefinition[]> {
    const lists = await Promise.all(
      this.sources.map((source) =>
        source.listTools(userId).catch((err: unknown) => {
          // One broken source (an MCP server down) must not hide every other tool.
          this.log.warn({ err }, 'tool source failed to list its tools');
          return [] as ToolDefinition[];
        }),
      ),
    );
    const byName = new Map<string, ToolDefinition>();
    for (const tool of lists.flat()) {
      if (byName.has(tool.name)) {
        this.log.warn({ tool: tool.name }, 'two tool sources name the same tool; the first is kept');
        continue;
      }
      byName.set(tool.name, tool);
    }
    return [...byName.values()];
  }

  async get(userId: string, name: string): Promise<ToolDefinition | undefined> {
    return (await this.listFor(userId)).find((tool) => tool.name === name);
  }

  /** The tools an agent names, in its order; names no source knows (a removed MCP server) are skipped. */
  async resolve(userId: string, names: readonly string[]): Promise<ToolDefinition[]> {
    if (names.length === 0) return [];
    const byName = new Map((await this.listFor(userId)).map((tool) => [tool.name, tool]));
    const found: ToolDefinition[] = [];
    for (const name of new Set(names)) {
      const tool = byName.get(name);
      if (tool) found.push(tool);
      else this.log.info({ tool: name }, 'agent names a tool no source offers; skipped');
    }
    return found;
  }

  /** `resolve`, less the tools a chat may not offer this user (ToolDefinition.isOfferedTo). */
  async resolveOffered(user: { id: string; role: Role }, names: readonly string[]): Promise<ToolDefinition[]> {
    const tools = await this.resolve(user.id, names);
    const offered = await Promise.all(tools.map((tool) => tool.isOfferedTo?.(user) ?? true));
    return tools.filter((_tool, i) => offered[i]);
  }

  /**
   * The decrypted credentials for `ToolContext.credentials`: undefined for a tool without `auth`,
   * and for one whose fields the user has not all given yet (the loop then reports that it needs
   * authentication instead of running it).
   */
  async credentialsFor(userId: string, tool: ToolDefinition): Promise<Record<string, string> | undefined> {
    if (!tool.auth?.length) return undefined;
    const stored = await this.credentials.get(userId, tool.name);
    if (!stored) return undefined;
    return tool.auth.every((field) => typeof stored[field.authField] === 'string' && stored[field.authField] !== '')
      ? stored
      : undefined;
  }

  /** True when the tool needs nothing from the user, or has all it needs. */
  async isAuthenticated(userId: string, tool: ToolDefinition): Promise<boolean> {
    return !tool.auth?.length || (await this.credentialsFor(userId, tool)) !== undefined;
  }
}
