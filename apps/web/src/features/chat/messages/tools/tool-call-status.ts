import type { ToolCall } from '../../stream/tool-call-events';

export type ToolCallStatus = 'running' | 'done' | 'error';

/** LibreChat's marker for a tool that failed: its output then starts with it. */
const TOOL_ERROR_MARKER = 'error processing tool';

/** MCP tools are named `{tool}_mcp_{server}` (LibreChat's delimiter). */
const MCP_DELIMITER = '_mcp_';

/**
 * SPEC 4: below progress 1 a call runs while the reply streams; an output saying
 * "error processing tool" (any case), or a reply that stopped before 1, is an error.
 * @example getToolCallStatus({ progress: 0.1 }, true) // 'running'
 */
export function getToolCallStatus(call: Pick<ToolCall, 'progress' | 'output'>, isSubmitting: boolean): ToolCallStatus {
  if (call.output && call.output.toLowerCase().includes(TOOL_ERROR_MARKER)) return 'error';
  const progress = call.progress ?? (call.output !== undefined ? 1 : 0);
  if (progress < 1) return isSubmitting ? 'running' : 'error';
  return 'done';
}

export interface ToolName {
  tool: string;
  /** The MCP server that serves the tool, if it is an MCP tool. */
  server: string | null;
}

/**
 * How a tool's name shows: an MCP tool as its own name and its server's.
 * @example parseToolName('slow_echo_mcp_test') // { tool: 'slow_echo', server: 'test' }
 */
export function parseToolName(name: string): ToolName {
  const at = name.lastIndexOf(MCP_DELIMITER);
  if (at <= 0 || at + MCP_DELIMITER.length >= name.length) return { tool: name, server: null };
  return { tool: name.slice(0, at), server: name.slice(at + MCP_DELIMITER.length) };
}

/** Arguments or output as readable text: JSON pretty-printed, anything else as it came. */
export function formatToolText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(JSON.parse(trimmed), null, 2);
    } catch {
      // Arguments still streaming are not JSON yet.
    }
  }
  return text;
}

/**
 * The sign-in URL of a call waiting on the user's OAuth consent: its `auth` field, only while it
 * runs, and only an http(s) URL (never a `javascript:` link put in front of the user).
 */
export function getSignInUrl(call: Pick<ToolCall, 'auth'>, status: ToolCallStatus): string | null {
  if (status !== 'running' || !call.auth) return null;
  try {
    const url = new URL(call.auth);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The domain a sign-in link goes to, shown beside it. */
export function getSignInDomain(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
