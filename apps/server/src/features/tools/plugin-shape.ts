import type { ToolRegistry } from './tool-registry.js';
import type { ToolAuthField, ToolDefinition } from './tool-types.js';

/** A tool as LibreChat lists plugins (`tPluginSchema`), with where it came from for grouping. */
export interface PluginJson {
  name: string;
  pluginKey: string;
  description: string;
  icon?: string | undefined;
  authConfig: ToolAuthField[];
  /** The user has given every credential it needs (always true for a tool that needs none). */
  authenticated: boolean;
  kind: ToolDefinition['kind'];
  group?: string | undefined;
}

export function toPlugin(tool: ToolDefinition, authenticated: boolean): PluginJson {
  return {
    name: tool.displayName ?? tool.name,
    pluginKey: tool.name,
    description: tool.description,
    ...(tool.iconURL ? { icon: tool.iconURL } : {}),
    authConfig: tool.auth ?? [],
    authenticated,
    kind: tool.kind,
    ...(tool.group ? { group: tool.group } : {}),
  };
}

/** Every tool the user may use, as plugins, each saying whether the user's credentials are in. */
export async function pluginsFor(registry: ToolRegistry, userId: string): Promise<PluginJson[]> {
  const tools = await registry.listFor(userId);
  return Promise.all(tools.map(async (tool) => toPlugin(tool, await registry.isAuthenticated(userId, tool))));
}
