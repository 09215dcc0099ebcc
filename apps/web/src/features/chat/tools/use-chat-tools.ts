import { useMemo } from 'react';
import { useEndpointsQuery } from '../api/chat-queries';
import { useStartupConfig } from '../../config/use-startup-config';
import { useRolePermissions } from '../../roles/use-role-permissions';
import { allowedToolsFor, type AgentsEndpointRules } from './allowed-tools';
import {
  filterSelection,
  NO_TOOLS,
  readStoredSelection,
  toEphemeralAgent,
  type AllowedTools,
  type EphemeralAgentPayload,
  type SwitchTool,
  type ToolSelection,
} from './tool-selection';
import { setToolSelection, useToolSelectionStore } from './tool-selection-store';

export interface ChatTools {
  /** What may be turned on in this chat; null while unknown (no control shows). */
  allowed: AllowedTools | null;
  /** The tools on: the remembered ones the user may use now. */
  selection: ToolSelection;
  /** What the next send carries as `ephemeralAgent`; undefined with no tool on. */
  ephemeralAgent: EphemeralAgentPayload | undefined;
  setSwitch(tool: SwitchTool, isOn: boolean): void;
  setMcpServer(server: string, isOn: boolean): void;
}

/**
 * A chat's tool toggles (LibreChat's ephemeral agent) for the composer and the send: restored
 * from the last used, filtered to what the user may use here. A remembered tool that is no
 * longer allowed is dropped silently: not shown, not sent, and gone from the memory at the next
 * change (a tool only this endpoint lacks comes back on one that has it).
 */
export function useChatTools({
  chatKey,
  endpoint,
  isAgentChat,
}: {
  /** `new` or the conversation id. */
  chatKey: string;
  endpoint: string | null;
  isAgentChat: boolean;
}): ChatTools {
  const { permissions } = useRolePermissions();
  const startupConfig = useStartupConfig().data;
  const endpoints = useEndpointsQuery().data;
  const allowed = useMemo(
    () =>
      allowedToolsFor({
        endpoint,
        isAgentChat,
        permissions,
        startupConfig,
        hasEndpoints: endpoints !== undefined,
        agentsEndpoint: endpoints?.agents as AgentsEndpointRules | undefined,
      }),
    [endpoint, isAgentChat, permissions, startupConfig, endpoints],
  );
  const inStore = useToolSelectionStore((s) => s.byKey[chatKey]);
  const fromStorage = useMemo(() => readStoredSelection(chatKey), [chatKey]);
  const stored = inStore ?? fromStorage;
  const selection = useMemo(() => (allowed ? filterSelection(stored, allowed) : NO_TOOLS), [stored, allowed]);

  return useMemo(
    () => ({
      allowed,
      selection,
      ephemeralAgent: toEphemeralAgent(selection),
      setSwitch: (tool, isOn) => setToolSelection(chatKey, { ...selection, [tool]: isOn }),
      setMcpServer: (server, isOn) =>
        setToolSelection(chatKey, {
          ...selection,
          mcp: isOn
            ? [...selection.mcp.filter((name) => name !== server), server]
            : selection.mcp.filter((name) => name !== server),
        }),
    }),
    [allowed, selection, chatKey],
  );
}
