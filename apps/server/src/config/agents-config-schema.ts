import { z } from 'zod';

/** What the agent builder may offer (LibreChat's AgentCapabilities). */
export const AGENT_CAPABILITIES = ['execute_code', 'file_search', 'web_search', 'artifacts', 'actions', 'tools', 'chain', 'ocr'] as const;
export type AgentCapability = (typeof AGENT_CAPABILITIES)[number];

/** LibreChat's default capabilities (every one but chain and ocr, which it adds only when configured). */
export const DEFAULT_AGENT_CAPABILITIES: AgentCapability[] = ['execute_code', 'file_search', 'web_search', 'artifacts', 'actions', 'tools'];

export const DEFAULT_RECURSION_LIMIT = 25;

/**
 * `endpoints.agents` of the YAML config, in LibreChat's shape. LibreChat's base endpoint fields
 * (title and stream settings) are accepted so a LibreChat file loads unchanged; unknown keys are
 * refused so a typo like `recursionLimt` does not silently change nothing.
 */
export const agentsEndpointSchema = z
  .object({
    /** Steps (model calls) one agent run may take, unless the agent sets its own. */
    recursionLimit: z.number().int().positive().optional(),
    /** The ceiling an agent's own recursion_limit is clamped to. */
    maxRecursionLimit: z.number().int().positive().optional(),
    disableBuilder: z.boolean().optional(),
    capabilities: z.array(z.enum(AGENT_CAPABILITIES)).optional(),
    /** Endpoint names agents may use; every endpoint when absent. */
    allowedProviders: z.array(z.string().min(1)).optional(),
    streamRate: z.number().optional(),
    titleConvo: z.boolean().optional(),
    titleModel: z.string().optional(),
    titleMethod: z.string().optional(),
    titlePrompt: z.string().optional(),
    titleEndpoint: z.string().optional(),
    baseURL: z.string().optional(),
  })
  .strict();

export type AgentsEndpointConfig = z.infer<typeof agentsEndpointSchema>;
