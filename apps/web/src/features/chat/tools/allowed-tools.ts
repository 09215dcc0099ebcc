import type { StartupConfig } from '@confab/shared';
import type { RolePermissions } from '../../roles/use-role-permissions';
import { NONE_ALLOWED, type AllowedTools } from './tool-selection';

/** LibreChat's default agent capabilities, when endpoints.agents names none. */
const DEFAULT_CAPABILITIES = ['execute_code', 'file_search', 'web_search', 'artifacts', 'actions', 'tools'];

/** Endpoints whose chats bring their own tools: an agent's, an assistant's, the Plugins endpoint's. */
const ENDPOINTS_WITH_OWN_TOOLS = new Set(['agents', 'assistants', 'azureAssistants', 'gptPlugins']);

/** The agents endpoint of GET /api/endpoints, as far as the tools read it. */
export interface AgentsEndpointRules {
  capabilities?: unknown;
  allowedProviders?: unknown;
}

export interface ToolRulesInput {
  /** The chat's endpoint (a custom endpoint's own name), null before one is chosen. */
  endpoint: string | null;
  /** The chat talks to a stored agent. */
  isAgentChat: boolean;
  /** The role's permissions; undefined while they load. */
  permissions: RolePermissions | undefined;
  startupConfig: StartupConfig | undefined;
  /** GET /api/endpoints has answered (the agents entry may still be absent: agents are off). */
  hasEndpoints: boolean;
  agentsEndpoint: AgentsEndpointRules | undefined;
}

const stringsOf = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;

/**
 * What a plain model chat may turn on (SPEC 4: last-used tools are restored filtered to these),
 * or null while the answer is not known yet (nothing is shown, and nothing remembered is dropped
 * on a guess). The rules are the server's, so a toggle shown is a toggle that takes effect:
 * - the ephemeral agent is an agents chat: AGENTS USE, and the endpoint among allowedProviders;
 * - code execution: the execute_code capability, interface.runCode and RUN_CODE USE;
 * - file search: the file_search capability;
 * - MCP servers: the configured ones whose chatMenu is not false;
 * - web search (issue 41): the web_search capability, a configured provider (startupConfig.webSearch),
 *   interface.webSearch and WEB_SEARCH USE.
 */
export function allowedToolsFor(input: ToolRulesInput): AllowedTools | null {
  const { permissions, startupConfig, endpoint } = input;
  if (!permissions || !startupConfig || !input.hasEndpoints) return null;
  if (!endpoint || input.isAgentChat || ENDPOINTS_WITH_OWN_TOOLS.has(endpoint)) return NONE_ALLOWED;
  if (permissions.AGENTS?.USE !== true) return NONE_ALLOWED;
  const providers = stringsOf(input.agentsEndpoint?.allowedProviders);
  if (providers?.length && !providers.includes(endpoint)) return NONE_ALLOWED;
  const capabilities = stringsOf(input.agentsEndpoint?.capabilities) ?? DEFAULT_CAPABILITIES;
  return {
    execute_code:
      capabilities.includes('execute_code') &&
      startupConfig.interface.runCode !== false &&
      permissions.RUN_CODE?.USE === true,
    file_search: capabilities.includes('file_search'),
    web_search:
      capabilities.includes('web_search') &&
      startupConfig.webSearch?.enabled === true &&
      startupConfig.interface.webSearch !== false &&
      permissions.WEB_SEARCH?.USE === true,
    mcpServers: Object.entries(startupConfig.mcpServers ?? {})
      .filter(([, server]) => server.chatMenu !== false)
      .map(([name]) => name),
  };
}
