import { apiFetch, apiJson } from '../../lib/api-client';

/** LibreChat's agent (librechat-data-provider `Agent`), the fields the web app reads and writes. */
export interface Agent {
  id: string;
  name: string | null;
  description?: string | null;
  instructions?: string | null;
  avatar?: { filepath: string; source?: string } | null;
  provider: string;
  model: string | null;
  model_parameters?: Record<string, unknown>;
  tools?: string[];
  /** `{domain}_action_{action_id}` entries, one per action. */
  actions?: string[];
  author?: string;
  authorName?: string;
  isCollaborative?: boolean;
  projectIds?: string[];
  conversation_starters?: string[];
  tool_resources?: { file_search?: { file_ids?: string[] } };
  createdAt?: string;
  updatedAt?: string;
}

/** The builder's writable fields (POST /api/agents, PATCH /api/agents/:id). */
export interface AgentInput {
  name?: string | null;
  description?: string | null;
  instructions?: string | null;
  provider: string;
  model: string | null;
  model_parameters?: Record<string, unknown>;
  tools?: string[];
  conversation_starters?: string[];
  isCollaborative?: boolean;
  tool_resources?: { file_search?: { file_ids?: string[] } };
  /** Sharing with everyone (SHARED_GLOBAL): the instance project joins or leaves. */
  projectIds?: string[];
  removeProjectIds?: string[];
}

export interface AgentList {
  object: 'list';
  data: Agent[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

/** A tool as the builder lists it (GET /api/agents/tools, GET /api/plugins): a plugin's shape. */
export interface AgentTool {
  name: string;
  pluginKey: string;
  description?: string;
  icon?: string | null;
  authConfig?: { authField: string; label: string; description?: string }[];
  authenticated?: boolean;
}

/** An OpenAPI action of an agent (GET /api/agents/actions). */
export interface AgentAction {
  action_id: string;
  agent_id?: string;
  metadata: ActionMetadata;
}

export type ActionAuthType = 'none' | 'service_http' | 'oauth';
export type ApiKeyScheme = 'bearer' | 'basic' | 'custom';

export interface ActionMetadata {
  domain?: string;
  raw_spec?: string;
  auth?: {
    type: ActionAuthType;
    authorization_type?: ApiKeyScheme;
    custom_auth_header?: string;
    authorization_url?: string;
    client_url?: string;
    scope?: string;
    token_exchange_method?: 'default_post' | 'basic_auth_header';
  };
  api_key?: string;
  oauth_client_id?: string;
  oauth_client_secret?: string;
}

const enc = encodeURIComponent;

export function fetchAgents(signal?: AbortSignal): Promise<AgentList> {
  return apiJson<AgentList>('/api/agents?requiredPermission=1&limit=100', { signal });
}

export function fetchAgent(agentId: string, signal?: AbortSignal): Promise<Agent> {
  return apiJson<Agent>(`/api/agents/${enc(agentId)}`, { signal });
}

export function createAgent(input: AgentInput): Promise<Agent> {
  return apiJson<Agent>('/api/agents', { method: 'POST', json: input });
}

export function updateAgent(agentId: string, input: Partial<AgentInput>): Promise<Agent> {
  return apiJson<Agent>(`/api/agents/${enc(agentId)}`, { method: 'PATCH', json: input });
}

export async function deleteAgent(agentId: string): Promise<void> {
  await apiJson<unknown>(`/api/agents/${enc(agentId)}`, { method: 'DELETE' });
}

export async function duplicateAgent(agentId: string): Promise<Agent> {
  const body = await apiJson<{ agent?: Agent } & Partial<Agent>>(`/api/agents/${enc(agentId)}/duplicate`, {
    method: 'POST',
  });
  return (body.agent ?? body) as Agent;
}

export function uploadAgentAvatar(agentId: string, file: File): Promise<Agent> {
  const form = new FormData();
  form.append('agent_id', agentId);
  form.append('file', file, file.name);
  return apiJson<Agent>(`/api/files/images/agents/${enc(agentId)}/avatar`, { method: 'POST', body: form });
}

export function fetchAgentTools(signal?: AbortSignal): Promise<AgentTool[]> {
  return apiJson<AgentTool[]>('/api/agents/tools', { signal });
}

export function fetchPlugins(signal?: AbortSignal): Promise<AgentTool[]> {
  return apiJson<AgentTool[]>('/api/plugins', { signal });
}

/** POST /api/user/plugins: keeps (install) or forgets (uninstall) the user's credentials for a tool. */
export async function updateUserPlugin(body: {
  pluginKey: string;
  action: 'install' | 'uninstall';
  auth?: Record<string, string>;
}): Promise<void> {
  await apiJson<unknown>('/api/user/plugins', { method: 'POST', json: { ...body, isEntityTool: true } });
}

export function fetchActions(signal?: AbortSignal): Promise<AgentAction[]> {
  return apiJson<AgentAction[]>('/api/agents/actions', { signal });
}

/** POST /api/agents/actions/:agent_id: answers `[agent, action]` as LibreChat does. */
export async function saveAction(
  agentId: string,
  body: { functions: unknown[]; action_id?: string; metadata: ActionMetadata },
): Promise<AgentAction> {
  const result = await apiJson<unknown>(`/api/agents/actions/${enc(agentId)}`, { method: 'POST', json: body });
  const action = Array.isArray(result) ? (result[1] as AgentAction) : (result as AgentAction);
  return action;
}

export async function deleteAction(agentId: string, actionId: string): Promise<void> {
  const response = await apiFetch(`/api/agents/actions/${enc(agentId)}/${enc(actionId)}`, { method: 'DELETE' });
  if (!response.ok && response.status !== 404) throw new Error(`Delete failed with status ${response.status}`);
}
