import { z } from 'zod';
import { DEFAULT_AGENT_CAPABILITIES, type AgentCapability } from '../../config/agents-config-schema.js';
import type { ToolDefinition } from '../tools/tool-types.js';

/**
 * LibreChat's ephemeral agent: a model endpoint's chat with tools toggled on in the input bar
 * (`{ mcp: string[], execute_code, file_search, web_search }`).
 */
export const ephemeralAgentSchema = z.object({
  /** MCP server names: every tool of each. */
  mcp: z.array(z.string().max(200)).max(100).optional(),
  execute_code: z.boolean().optional(),
  web_search: z.boolean().optional(),
  file_search: z.boolean().optional(),
});
export type EphemeralAgent = z.infer<typeof ephemeralAgentSchema>;

/** Built-in tools the toggles name (their plugin keys), in the order the model is offered them. */
const TOGGLED_TOOLS = ['execute_code', 'web_search', 'file_search'] as const;

/**
 * The tool names an ephemeral agent's toggles give the model. A built-in whose agents capability
 * the config turns off is dropped, not refused, as LibreChat filters an agent's tools by the
 * capabilities: a toggle remembered from before the config changed must not fail the chat. What
 * the user's role may use is each tool's own `isOfferedTo` (RUN_CODE for execute_code), which
 * the chat applies to every tool it resolves.
 */
export function ephemeralToolNames(
  toggles: EphemeralAgent,
  capabilities: readonly AgentCapability[] | undefined,
  listedTools: readonly Pick<ToolDefinition, 'name' | 'kind' | 'group'>[],
): string[] {
  const enabled: readonly string[] = capabilities ?? DEFAULT_AGENT_CAPABILITIES;
  // web_search without a configured provider has no registered tool: it resolves to nothing.
  const names: string[] = TOGGLED_TOOLS.filter((name) => toggles[name] === true && enabled.includes(name));
  if (toggles.mcp?.length) {
    const servers = new Set(toggles.mcp);
    for (const tool of listedTools) {
      if (tool.kind === 'mcp' && tool.group && servers.has(tool.group)) names.push(tool.name);
    }
  }
  return names;
}
