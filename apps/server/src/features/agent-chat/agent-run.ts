import { modelSettingsSchema, type ModelSettings } from '@confab/shared';
import type { z } from 'zod';
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
  /** The agent's artifacts mode (LibreChat's: 'default', 'shadcnui', 'custom'); off when empty. */
  artifacts?: string | null | undefined;
  /** The agent keeps its own memories of each user (issue 41): read and written in its chats. */
  memoryEnabled?: boolean | undefined;
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

const settingFields = modelSettingsSchema.shape as Record<string, z.ZodType>;

/**
 * The agent's model settings (model_parameters) as the chat's, its instructions as the system
 * prompt. Each setting is checked on its own: one the schema refuses is left out, not all of them.
 */
export function agentSettings(agent: AgentSpec): ModelSettings {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(agent.model_parameters ?? {})) {
    const field = key === 'model' ? undefined : settingFields[key];
    const parsed = field?.safeParse(value);
    if (parsed?.success && parsed.data !== undefined && parsed.data !== null) settings[key] = parsed.data;
  }
  if (agent.instructions?.trim()) settings.promptPrefix = agent.instructions;
  // A stored agent's artifacts are its own setting, as in LibreChat: the user's Beta toggles
  // apply to their chats with a model (and an ephemeral agent), not to someone's agent.
  if (agent.id) settings.artifacts = agent.artifacts || null;
  return settings as ModelSettings;
}
