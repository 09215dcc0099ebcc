import type { Agent, AgentInput, AgentTool } from '../agents-api';
import { isBuiltInAgent } from '../built-in-agent';

/** SPEC 2: an agent has at most 4 conversation starters. */
export const MAX_STARTERS = 4;
/** LibreChat's instance project: an agent in it is shared with everyone. */
export const GLOBAL_PROJECT = 'instance';
/** The parameters the builder edits (a subset every provider family takes). */
export const AGENT_PARAMETERS = [
  { key: 'temperature', min: 0, max: 2, step: 0.01, default: 1 },
  { key: 'top_p', min: 0, max: 1, step: 0.01, default: 1 },
  { key: 'max_tokens', min: 1, max: undefined, step: 1, default: undefined },
] as const;
export type AgentParameterKey = (typeof AGENT_PARAMETERS)[number]['key'];

export interface AgentForm {
  name: string;
  description: string;
  instructions: string;
  provider: string;
  model: string;
  parameters: Partial<Record<AgentParameterKey, number>>;
  tools: string[];
  starters: string[];
  isCollaborative: boolean;
  isSharedGlobally: boolean;
  fileIds: string[];
}

export function emptyForm(provider = '', model = ''): AgentForm {
  return {
    name: '',
    description: '',
    instructions: '',
    provider,
    model,
    parameters: {},
    tools: [],
    starters: [],
    isCollaborative: false,
    isSharedGlobally: false,
    fileIds: [],
  };
}

function readParameters(raw: Record<string, unknown> | undefined): AgentForm['parameters'] {
  const out: AgentForm['parameters'] = {};
  for (const { key } of AGENT_PARAMETERS) {
    const value = raw?.[key];
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  return out;
}

export function agentToForm(agent: Agent): AgentForm {
  return {
    name: agent.name ?? '',
    description: agent.description ?? '',
    instructions: agent.instructions ?? '',
    provider: agent.provider,
    model: agent.model ?? '',
    parameters: readParameters(agent.model_parameters),
    tools: [...(agent.tools ?? [])],
    starters: (agent.conversation_starters ?? []).slice(0, MAX_STARTERS),
    isCollaborative: agent.isCollaborative ?? false,
    isSharedGlobally: (agent.projectIds ?? []).includes(GLOBAL_PROJECT),
    fileIds: [...(agent.tool_resources?.file_search?.file_ids ?? [])],
  };
}

/**
 * What the builder sends (POST /api/agents, PATCH): trimmed text, blank starters dropped, the
 * file_search tool kept with its files. Sharing with everyone goes only when the user may
 * (SHARED_GLOBAL): otherwise the server would refuse the whole save.
 */
export function formToInput(form: AgentForm, options: { canShareGlobal: boolean; wasShared: boolean }): AgentInput {
  const starters = form.starters
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, MAX_STARTERS);
  const hasFiles = form.fileIds.length > 0;
  const tools = hasFiles && !form.tools.includes('file_search') ? [...form.tools, 'file_search'] : form.tools;
  const input: AgentInput = {
    name: form.name.trim() || null,
    description: form.description.trim() || null,
    instructions: form.instructions.trim() || null,
    provider: form.provider,
    model: form.model || null,
    model_parameters: { ...form.parameters },
    tools,
    conversation_starters: starters,
    isCollaborative: form.isCollaborative,
    tool_resources: { file_search: { file_ids: form.fileIds } },
  };
  if (options.canShareGlobal && form.isSharedGlobally !== options.wasShared) {
    if (form.isSharedGlobally) input.projectIds = [GLOBAL_PROJECT];
    else input.removeProjectIds = [GLOBAL_PROJECT];
  }
  return input;
}

/** LibreChat names an action's tools `{operationId}_action_{domain}`. */
const ACTION_DELIMITER = '_action_';

export function isActionTool(name: string): boolean {
  return name.includes(ACTION_DELIMITER);
}

/**
 * The tools a save sends: the form's own choices, with the action tools as the server has them
 * now (saving or deleting an action changes them outside the form, and a save must not undo it).
 */
export function withActionTools(formTools: readonly string[], storedTools: readonly string[] | undefined): string[] {
  return [...formTools.filter((t) => !isActionTool(t)), ...(storedTools ?? []).filter(isActionTool)];
}

export type FormProblem = 'name_required' | 'provider_required' | 'model_required';

/**
 * Problems that keep the form from being saved (the server checks the rest). A name is the
 * builder's own rule: LibreChat's API takes an agent without one, but the selector, the landing
 * and every reply would then call it "Untitled agent".
 */
export function validateForm(form: AgentForm): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!form.name.trim()) problems.push('name_required');
  if (!form.provider) problems.push('provider_required');
  if (!form.model) problems.push('model_required');
  return problems;
}

export interface ToolGroup {
  /** null for built-in tools; the MCP server's name otherwise. */
  server: string | null;
  tools: AgentTool[];
}

const MCP_DELIMITER = '_mcp_';

/** The picker's groups: built-in tools first, then each MCP server's tools (by server name). */
export function groupTools(tools: readonly AgentTool[]): ToolGroup[] {
  const builtIn: AgentTool[] = [];
  const byServer = new Map<string, AgentTool[]>();
  for (const tool of tools) {
    const at = tool.pluginKey.lastIndexOf(MCP_DELIMITER);
    if (at > 0) {
      const server = tool.pluginKey.slice(at + MCP_DELIMITER.length);
      byServer.set(server, [...(byServer.get(server) ?? []), tool]);
    } else builtIn.push(tool);
  }
  const servers = [...byServer.keys()].sort((a, b) => a.localeCompare(b));
  return [
    ...(builtIn.length ? [{ server: null, tools: builtIn }] : []),
    ...servers.map((server) => ({ server, tools: byServer.get(server) ?? [] })),
  ];
}

/** A tool needs the user's credentials before it can be added: it has fields and none are stored. */
export function needsAuth(tool: AgentTool): boolean {
  return (tool.authConfig?.length ?? 0) > 0 && tool.authenticated !== true;
}

/**
 * Whether the user may edit this agent: their own, a collaborative one, or any as admin — except a
 * built-in one, which nobody edits.
 */
export function canEditAgent(agent: Agent | undefined, userId: string | undefined, isAdmin: boolean): boolean {
  if (!agent) return true;
  if (isBuiltInAgent(agent)) return false;
  return isAdmin || agent.author === userId || agent.isCollaborative === true;
}
