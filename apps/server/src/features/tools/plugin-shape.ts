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

/** The longest stand-in summary: about two lines of the builder's picker. */
const SUMMARY_MAX = 140;

/**
 * What people read of a tool: its description for people, else the first sentence of the model's
 * (an MCP server's or an action's tool has only that), cut at a word. Never the model's whole
 * instructions, which can run to pages (the meme tools list their gallery).
 */
export function humanDescriptionOf(tool: Pick<ToolDefinition, 'description' | 'descriptionForHuman'>): string {
  if (tool.descriptionForHuman) return tool.descriptionForHuman;
  const text = tool.description.trim().replace(/\s+/g, ' ');
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  if (sentence.length <= SUMMARY_MAX) return sentence;
  const cut = sentence.slice(0, SUMMARY_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SUMMARY_MAX / 2)).trimEnd()}\u2026`;
}

export function toPlugin(tool: ToolDefinition, authenticated: boolean): PluginJson {
  return {
    name: tool.displayName ?? tool.name,
    pluginKey: tool.name,
    // LibreChat's plugin `description` is its manifest's line for people; the model's stays on the server.
    description: humanDescriptionOf(tool),
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
