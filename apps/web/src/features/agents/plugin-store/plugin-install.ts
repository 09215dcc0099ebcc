import type { AgentTool } from '../agents-api';

/**
 * Whether a plugin is installed for the user (LibreChat's plugin store): its key is in the
 * user's `plugins`, or it needs credentials and the user's are stored.
 */
export function isPluginInstalled(plugin: AgentTool, userPlugins: readonly string[]): boolean {
  if (userPlugins.includes(plugin.pluginKey)) return true;
  return (plugin.authConfig?.length ?? 0) > 0 && plugin.authenticated === true;
}

/** Installing asks for credentials first when the plugin declares fields and none are stored. */
export function installNeedsAuth(plugin: AgentTool): boolean {
  return (plugin.authConfig?.length ?? 0) > 0 && plugin.authenticated !== true;
}

/** The user's plugin list after an install or uninstall. */
export function nextUserPlugins(userPlugins: readonly string[], pluginKey: string, action: 'install' | 'uninstall'): string[] {
  const rest = userPlugins.filter((key) => key !== pluginKey);
  return action === 'install' ? [...rest, pluginKey] : rest;
}
