import { askRequestSchema, type AskRequest } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { ChatService } from '../chat/chat.service.js';
import type { GenerationJob } from '../chat/generation-job.js';
import { getRole } from '../roles/roles.repo.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { ToolDefinition } from '../tools/tool-types.js';
import type { AgentsEndpointConfig } from '../../config/agents-config-schema.js';
import { assertProviderAllowed } from '../agents/agent-access.js';
import { agentSettings, recursionLimitOf, type AgentLookup, type AgentSpec } from './agent-run.js';
import { toProviderTools } from './agent-tools.js';
import { PLUGINS_ENDPOINT } from '../../providers/built-in-endpoints.js';
import { findUserPlugins } from '../users/users.repo.js';
import type { PluginsRequest } from './plugins-request.js';
import { ephemeralAgentSchema, ephemeralToolNames } from './ephemeral-agent.js';

export const agentChatRequestSchema = askRequestSchema.extend({
  agent_id: z.string().min(1).max(64).nullish(),
  ephemeralAgent: ephemeralAgentSchema.nullish(),
});
export type AgentChatRequest = z.infer<typeof agentChatRequestSchema>;

/** What an MCP server adds to an agent's instructions (its `serverInstructions`), if anything. */
export type ServerInstructions = (userId: string, serverName: string) => Promise<string | undefined>;

/**
 * Agent chats: the agent (stored, or ephemeral) decides the endpoint, model, instructions and
 * tools; the chat core does the rest (the same job, stream, resume and partial saves), its
 * provider running the one tool loop over the agent's tools.
 */
export class AgentChatService {
  constructor(
    private readonly db: Db,
    private readonly chat: ChatService,
    private readonly tools: ToolRegistry,
    private readonly agents: AgentLookup | undefined,
    private readonly config: AgentsEndpointConfig | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly serverInstructions?: ServerInstructions | undefined,
  ) {}

  /**
   * Starts an agent chat, or returns undefined when the request is a plain chat (an ephemeral
   * agent with no tool on): the caller runs it as one.
   */
  async start(user: AuthUser, routeEndpoint: string | undefined, input: AgentChatRequest): Promise<GenerationJob | undefined> {
    const agent = await this.agentOf(user, routeEndpoint, input);
    if (!agent) return undefined;
    const role = await getRole(this.db, user.role);
    if (role && role.permissions.AGENTS.USE === false) throw new AppError('forbidden', 'You may not use agents.');
    assertProviderAllowed(agent.provider, this.config);
    if (agent.id && !agent.model) throw new AppError('validation_error', 'The agent has no model.');

    const tools = await this.tools.resolveOffered(user, agent.tools);
    const { agent_id: _agentId, ephemeralAgent: _ephemeral, ...ask } = input;
    const settings = agentSettings(agent);
    const promptPrefix = await this.withServerInstructions(user.id, tools, settings.promptPrefix ?? (agent.id ? null : input.promptPrefix));
    const request: AskRequest = { ...ask, ...settings, promptPrefix, endpoint: agent.provider, model: agent.model ?? input.model };
    return this.chat.start(user, agent.provider, request, {
      agentId: agent.id,
      agentName: agent.name,
      memoryAgentId: agent.id && agent.memoryEnabled ? agent.id : undefined,
      maxSteps: recursionLimitOf(agent, this.config),
      isAgentReply: true,
      tools: (reply) => this.bindTools(user, tools, reply, agent.id),
    });
  }

  /**
   * LibreChat's Plugins endpoint (gptPlugins): the OpenAI endpoint's model with the user's
   * installed plugins and the tools the request names, in the same loop as an agent's. The
   * conversation stays under gptPlugins and keeps the named tools, as LibreChat keeps them.
   */
  async startPlugins(user: AuthUser, input: AskRequest, plugins: PluginsRequest): Promise<GenerationJob> {
    const installed = await findUserPlugins(this.db.kysely, user.id);
    // An action's operations belong to its agent, never to a plugins chat.
    const tools = (await this.tools.resolveOffered(user, [...installed, ...plugins.tools])).filter((t) => t.kind !== 'action');
    const promptPrefix = await this.withServerInstructions(user.id, tools, input.promptPrefix);
    const request: AskRequest = { ...input, promptPrefix, modelLabel: input.modelLabel ?? plugins.chatGptLabel };
    return this.chat.start(user, PLUGINS_ENDPOINT, request, {
      maxSteps: recursionLimitOf({ provider: PLUGINS_ENDPOINT, model: null, tools: [] }, this.config),
      tools: (reply) => this.bindTools(user, tools, reply, undefined),
      // A reply of the tool loop is content parts, as an agent's is, with or without a call.
      isAgentReply: true,
      conversationSettings: plugins.tools.length ? { tools: plugins.tools } : undefined,
    });
  }

  /** The tools as the provider runs them, in this reply. */
  private bindTools(
    user: AuthUser,
    tools: ToolDefinition[],
    reply: {
      conversationId: string;
      messageId: string;
      reportProgress?: ((toolCallId: string, fraction: number) => void) | undefined;
    },
    agentId: string | undefined,
  ) {
    return toProviderTools(tools, {
      userId: user.id,
      ...reply,
      agentId,
      log: this.log,
      credentialsFor: (tool) => this.tools.credentialsFor(user.id, tool),
    });
  }

  /** The instructions with each used MCP server's own after them, as LibreChat adds them. */
  private async withServerInstructions(
    userId: string,
    tools: ToolDefinition[],
    instructions: string | null | undefined,
  ): Promise<string | null | undefined> {
    if (!this.serverInstructions) return instructions;
    const servers = [...new Set(tools.filter((t) => t.kind === 'mcp' && t.group).map((t) => t.group as string))];
    const blocks: string[] = [];
    for (const server of servers) {
      const text = await this.serverInstructions(userId, server).catch(() => undefined);
      if (text?.trim()) blocks.push(`## ${server} MCP Server Instructions\n\n${text.trim()}`);
    }
    if (!blocks.length) return instructions;
    return [instructions, ...blocks].filter((part): part is string => Boolean(part?.trim())).join('\n\n');
  }

  private async agentOf(user: AuthUser, routeEndpoint: string | undefined, input: AgentChatRequest): Promise<AgentSpec | undefined> {
    if (input.agent_id) {
      // Another user's private agent is as unknown as one that never existed.
      const agent = await this.agents?.findUsable(user, input.agent_id);
      if (!agent) throw new AppError('not_found', 'Agent not found');
      return agent;
    }
    const endpoint = routeEndpoint && routeEndpoint !== 'agents' ? routeEndpoint : input.endpoint;
    if (!endpoint || endpoint === 'agents') throw new AppError('validation_error', 'An agent chat names agent_id.');
    const toggles = input.ephemeralAgent;
    if (!toggles) return undefined;
    // Listing connects to MCP servers: only when one is toggled on.
    const listed = toggles.mcp?.length ? await this.tools.listFor(user.id) : [];
    const names = ephemeralToolNames(toggles, this.config?.capabilities, listed);
    if (names.length === 0) return undefined;
    const provider = routeEndpoint === 'custom' || !routeEndpoint ? (input.endpoint ?? '') : routeEndpoint;
    return { provider, model: input.model ?? null, tools: names };
  }
}
