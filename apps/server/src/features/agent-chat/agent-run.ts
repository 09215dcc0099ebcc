import { modelSettingsSchema, type ModelSettings } from '@confab/shared';
import type { AgentsEndpointConfig } from '../../config/agents-config-schema.js';
import type { AuthUser } from '../auth/authenticate.js';

/**
 * What a chat needs of an agent. A stored agent (features/agents) and an ephemeral one (a model
 * endpoint with tools toggled on, as LibreChat's client sends) both come to this.
 */
export interface AgentSpec {
  /** Absent for an ephemeral agent. */
  id?: string | undefined;
  name?: string | null | undefined;
  /** An endpoint of the catalog (openAI, anthropic, a custom endpoint's name…). */
  provider: string;
  model: string | null;
  instructions?: string | null | undefined;
  model_parameters?: Record<string, unknown> | null | undefined;
  /** Registry tool names. */
  tools: string[];
  recursion_limit?: number | null | undefined;
}

/** Finds an agent the user may chat with: their own, a shared one; anything else is undefined (a 404). */
export interface AgentLookup {
  findUsable(user: AuthUser, agentId: string): Promise<AgentSpec | undefined>;
}

/** LibreChat's defaults: 25 steps, and no agent above the configured ceiling. */
export const DEFAULT_RECURSION_LIMIT = 25;

/** The model calls a chat's loop may make: the agent's limit (or the config's), capped by maxRecursionLimit. */
export function recursionLimitOf(agent: AgentSpec, config: AgentsEndpointConfig | undefined): number {
  const wanted = agent.recursion_limit ?? config?.recursionLimit ?? DEFAULT_RECURSION_LIMIT;
  return Math.max(1, Math.min(wanted, config?.maxRecursionLimit ?? Number.POSITIVE_INFINITY));
}

/** The agent's model settings (model_parameters) as the chat's, its instructions as the system prompt. */
export function agentSettings(agent: AgentSpec): ModelSettings {
  const params = modelSettingsSchema.safeParse(agent.model_parameters ?? {}).data ?? {};
  const { model: _model, ...settings } = params;
  return agent.instructions?.trim() ? { ...settings, promptPrefix: agent.instructions } : settings;
}
