import { useAgentPermissions } from '../agents/use-agent-permissions';

/**
 * SPEC 6: the agents endpoint shows in the selector only with the AGENTS USE permission of the
 * user's role (and the interface toggle). Hidden while the role is unknown.
 */
export function useCanUseAgents(): boolean {
  return useAgentPermissions().canUse;
}
