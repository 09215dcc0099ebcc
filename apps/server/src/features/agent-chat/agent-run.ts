import { modelSettingsSchema, type ModelSettings } from '@confab/shared';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';

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
  findUsable(userId: string, agentId: string): Promise<AgentSpec | undefined>;
}

/** LibreChat's defaults: 25 steps, and no agent above the configured ceiling. */
export const DEFAULT_RECURSION_LIMIT = 25;

const agentsConfigSchema = z
  .object({
    recursionLimit: z.number().int().positive().optional(),
    maxRecursionLimit: z.number().int().positive().optional(),
    allowedProviders: z.array(z.string()).optional(),
  })
  .loose();
export type AgentsChatConfig = z.infer<typeof agentsConfigSchema>;

/** The parts of `endpoints.agents` the chat reads (the section's own schema is the agents feature's). */
export function readAgentsChatConfig(section: unknown): AgentsChatConfig {
  return agentsConfigSchema.safeParse(section ?? {}).data ?? {};
}

/** The model calls a chat's loop may make: the agent's limit (or the config's), capped by maxRecursionLimit. */
export function recursionLimitOf(agent: AgentSpec, config: AgentsChatConfig): number {
  const wanted = agent.recursion_limit ?? config.recursionLimit ?? DEFAULT_RECURSION_LIMIT;
  return Math.max(1, Math.min(wanted, config.maxRecursionLimit ?? Number.POSITIVE_INFINITY));
}

/** SPEC 8 invalid_agent_provider: an agent on a provider the administrator did not allow. */
export function assertAllowedProvider(provider: string, config: AgentsChatConfig): void {
  if (!config.allowedProviders?.length || config.allowedProviders.includes(provider)) return;
  const message = `The agent's provider "${provider}" is not allowed on this server.`;
  throw new AppError('validation_error', message, {
    code: 'invalid_agent_provider',
    // LibreChat's client shows an error body's `text`, and reads a JSON text's `type` (SPEC 8).
    text: JSON.stringify({ type: 'invalid_agent_provider', message, info: provider }),
  });
}

/** The agent's model settings (model_parameters) as the chat's, its instructions as the system prompt. */
export function agentSettings(agent: AgentSpec): ModelSettings {
  const params = modelSettingsSchema.safeParse(agent.model_parameters ?? {}).data ?? {};
  const { model: _model, ...settings } = params;
  return agent.instructions?.trim() ? { ...settings, promptPrefix: agent.instructions } : settings;
}
