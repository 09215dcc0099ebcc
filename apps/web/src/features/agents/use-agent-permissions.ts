import { useEndpointsQuery } from '../chat/api/chat-queries';
import { useStartupConfig } from '../config/use-startup-config';
import { useSidePanelEnabled } from '../layout/use-side-panel-enabled';
import { useRolePermissions } from '../roles/use-role-permissions';

export interface AgentPermissions {
  /** AGENTS USE (and interface.agents): the agents endpoint shows in the selector. */
  canUse: boolean;
  /** AGENTS CREATE (and the builder not disabled): the builder edits; without it the panel is read-only. */
  canCreate: boolean;
  /** AGENTS SHARED_GLOBAL: an agent can be shared with everyone. */
  canShareGlobal: boolean;
  isAdmin: boolean;
}

/** SPEC 6: the AGENTS permissions of the user's role. All false while the role is unknown. */
export function useAgentPermissions(): AgentPermissions {
  const { data: config } = useStartupConfig();
  const { permissions, role } = useRolePermissions();
  const agents = permissions?.AGENTS;
  const isOn = config?.interface?.agents !== false;
  // endpoints.agents.disableBuilder turns the builder off for everyone (SPEC 1, the agents section).
  const endpoints = useEndpointsQuery();
  // The builder lives in the right-hand panel: interface.sidePanel off removes it too.
  const isSidePanelOn = useSidePanelEnabled();
  const isBuilderOn =
    isSidePanelOn && (endpoints.data?.agents as { disableBuilder?: unknown } | undefined)?.disableBuilder !== true;
  return {
    canUse: isOn && (agents?.USE ?? false),
    canCreate: isOn && isBuilderOn && (agents?.USE ?? false) && (agents?.CREATE ?? false),
    canShareGlobal: agents?.SHARED_GLOBAL ?? false,
    isAdmin: role === 'ADMIN',
  };
}
