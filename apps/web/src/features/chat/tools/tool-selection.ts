/**
 * The tools a plain model chat turns on (LibreChat's ephemeral agent): which are on, which the
 * user may use, and how the last-used ones are remembered in localStorage under LibreChat's own
 * keys (`LAST_CODE_TOGGLE_<id>`, `LAST_FILE_SEARCH_TOGGLE_<id>`, `LAST_WEB_SEARCH_TOGGLE_<id>`,
 * `LAST_MCP_<id>`; `<id>` is the conversation id, or `new` for a chat not created yet).
 */

/** The on/off tools, by their LibreChat names (ephemeralAgent's keys, the tools' plugin keys). */
export const SWITCH_TOOLS = ['execute_code', 'file_search', 'web_search'] as const;
export type SwitchTool = (typeof SWITCH_TOOLS)[number];

export interface ToolSelection {
  execute_code: boolean;
  file_search: boolean;
  web_search: boolean;
  /** MCP server names: every tool of each is offered. */
  mcp: string[];
}

/** What the user may turn on now; a tool not here is neither shown nor sent. */
export interface AllowedTools {
  execute_code: boolean;
  file_search: boolean;
  web_search: boolean;
  mcpServers: readonly string[];
}

/** LibreChat's ephemeralAgent body field. */
export interface EphemeralAgentPayload {
  mcp: string[];
  execute_code: boolean;
  file_search?: boolean;
  web_search?: boolean;
}

export const NO_TOOLS: ToolSelection = { execute_code: false, file_search: false, web_search: false, mcp: [] };
export const NONE_ALLOWED: AllowedTools = {
  execute_code: false,
  file_search: false,
  web_search: false,
  mcpServers: [],
};

/** The key of a chat not created yet: its tools are the last used, and a new chat starts with them. */
export const NEW_CHAT_TOOLS_KEY = 'new';

export const TOOL_STORAGE_PREFIXES: Record<SwitchTool | 'mcp', string> = {
  execute_code: 'LAST_CODE_TOGGLE_',
  file_search: 'LAST_FILE_SEARCH_TOGGLE_',
  web_search: 'LAST_WEB_SEARCH_TOGGLE_',
  mcp: 'LAST_MCP_',
};

/** The selection less what the user may not use (a permission taken away, a server removed). */
export function filterSelection(selection: ToolSelection, allowed: AllowedTools): ToolSelection {
  const servers = new Set(allowed.mcpServers);
  return {
    execute_code: selection.execute_code && allowed.execute_code,
    file_search: selection.file_search && allowed.file_search,
    web_search: selection.web_search && allowed.web_search,
    mcp: selection.mcp.filter((name) => servers.has(name)),
  };
}

export function hasAnyTool(selection: ToolSelection): boolean {
  return SWITCH_TOOLS.some((tool) => selection[tool]) || selection.mcp.length > 0;
}

export function hasAnyAllowed(allowed: AllowedTools): boolean {
  return SWITCH_TOOLS.some((tool) => allowed[tool]) || allowed.mcpServers.length > 0;
}

export function isSameSelection(a: ToolSelection, b: ToolSelection): boolean {
  return (
    SWITCH_TOOLS.every((tool) => a[tool] === b[tool]) &&
    a.mcp.length === b.mcp.length &&
    a.mcp.every((name, i) => b.mcp[i] === name)
  );
}

/** The request's `ephemeralAgent`, or undefined when no tool is on (the chat then stays a plain one). */
export function toEphemeralAgent(selection: ToolSelection): EphemeralAgentPayload | undefined {
  if (!hasAnyTool(selection)) return undefined;
  return {
    mcp: [...selection.mcp],
    execute_code: selection.execute_code,
    ...(selection.file_search ? { file_search: true } : {}),
    ...(selection.web_search ? { web_search: true } : {}),
  };
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw === null || raw === undefined ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** The stored selection of a chat (`new` or its id); nothing stored reads as no tools. */
export function readStoredSelection(key: string): ToolSelection {
  const mcp = readJson(`${TOOL_STORAGE_PREFIXES.mcp}${key}`);
  const selection: ToolSelection = {
    ...NO_TOOLS,
    mcp: Array.isArray(mcp)
      ? [...new Set(mcp.filter((name): name is string => typeof name === 'string' && name !== ''))]
      : [],
  };
  for (const tool of SWITCH_TOOLS) selection[tool] = readJson(`${TOOL_STORAGE_PREFIXES[tool]}${key}`) === true;
  return selection;
}

/**
 * Stores a chat's selection. A tool that is off is removed rather than stored as false: reading
 * it back is the same, and a browser does not collect a key per conversation ever opened.
 */
export function writeStoredSelection(key: string, selection: ToolSelection): void {
  const store = storage();
  if (!store) return;
  try {
    for (const tool of SWITCH_TOOLS) {
      const name = `${TOOL_STORAGE_PREFIXES[tool]}${key}`;
      if (selection[tool]) store.setItem(name, 'true');
      else store.removeItem(name);
    }
    const mcpName = `${TOOL_STORAGE_PREFIXES.mcp}${key}`;
    if (selection.mcp.length) store.setItem(mcpName, JSON.stringify(selection.mcp));
    else store.removeItem(mcpName);
  } catch {
    // Quota or disabled storage: the tools are simply not remembered.
  }
}

/** Forgets every chat's tools (sign-out, as LibreChat clears its MCP and code toggles). */
export function removeAllStoredSelections(): void {
  const store = storage();
  if (!store) return;
  try {
    const prefixes = Object.values(TOOL_STORAGE_PREFIXES);
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && prefixes.some((prefix) => key.startsWith(prefix))) keys.push(key);
    }
    // Collected first: removing while walking by index would skip the key after each removal.
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage unavailable: nothing is stored.
  }
}
