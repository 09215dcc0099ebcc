import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { useStartupConfig } from '../config/use-startup-config';
import { useRolePermissions } from '../roles/use-role-permissions';
import { fetchActions, fetchAgents, fetchAgentTools, fetchPlugins, type Agent, type AgentList } from './agents-api';
import { useAgentPermissions } from './use-agent-permissions';

/** SPEC 9: assistants and agents queries are stale after 5 s. */
const AGENTS_STALE_MS = 5_000;

export const agentKeys = {
  list: ['agents', 'list'] as const,
  tools: ['agents', 'tools'] as const,
  actions: ['agents', 'actions'] as const,
  plugins: ['plugins'] as const,
};

/** The agents the user may use: their own, shared with them, and shared with everyone. */
export function useAgentsQuery() {
  const { canUse } = useAgentPermissions();
  return useQuery({
    queryKey: agentKeys.list,
    queryFn: ({ signal }) => fetchAgents(signal),
    enabled: canUse,
    staleTime: AGENTS_STALE_MS,
  });
}

export function useAgentToolsQuery(isEnabled = true) {
  return useQuery({
    queryKey: agentKeys.tools,
    queryFn: ({ signal }) => fetchAgentTools(signal),
    enabled: isEnabled,
    staleTime: AGENTS_STALE_MS,
  });
}

export function usePluginsQuery(isEnabled = true) {
  return useQuery({
    queryKey: agentKeys.plugins,
    queryFn: ({ signal }) => fetchPlugins(signal),
    enabled: isEnabled,
    staleTime: AGENTS_STALE_MS,
  });
}

export function useActionsQuery(isEnabled = true) {
  return useQuery({
    queryKey: agentKeys.actions,
    queryFn: ({ signal }) => fetchActions(signal),
    enabled: isEnabled,
    staleTime: AGENTS_STALE_MS,
  });
}

/** One agent from the list (the selector and messages read it without another request). */
export function useAgent(agentId: string | null | undefined): Agent | undefined {
  const { data } = useAgentsQuery();
  return agentId ? data?.data.find((a) => a.id === agentId) : undefined;
}

/** An agent's name from the cached list, for code outside React (a reply's sender while it streams). */
export function getCachedAgentName(agentId: string): string | null {
  return queryClient.getQueryData<AgentList>(agentKeys.list)?.data.find((a) => a.id === agentId)?.name ?? null;
}

export function useAgentName(agentId: string): string | null {
  return useAgent(agentId)?.name ?? null;
}

/**
 * An agent's name for the header and the input, and whether it is still unknown: until the role,
 * the config and the agent list have loaded, the agent's model would show in its place first
 * (issue 35). No longer pending once the list is there or cannot be had (no permission, an
 * error); a name still null then falls back to the model.
 */
export function useAgentNameState(agentId: string | null | undefined): { name: string | null; isPending: boolean } {
  const list = useAgentsQuery();
  const { permissions, isError: isRoleError } = useRolePermissions();
  const config = useStartupConfig();
  if (!agentId) return { name: null, isPending: false };
  const isRoleKnown = permissions !== undefined || isRoleError;
  return {
    name: list.data?.data.find((a) => a.id === agentId)?.name ?? null,
    isPending: list.data === undefined && !list.isError && (list.isFetching || !isRoleKnown || config.isPending),
  };
}

/** Puts a saved agent into the cached list (new ones first), so the selector shows it at once. */
export function useStoreAgent() {
  const queryClient = useQueryClient();
  return (agent: Agent) => {
    queryClient.setQueryData<AgentList>(agentKeys.list, (list) => {
      if (!list) return list;
      const has = list.data.some((a) => a.id === agent.id);
      const data = has ? list.data.map((a) => (a.id === agent.id ? agent : a)) : [agent, ...list.data];
      return { ...list, data };
    });
    void queryClient.invalidateQueries({ queryKey: agentKeys.list });
  };
}

export function useForgetAgent() {
  const queryClient = useQueryClient();
  return (agentId: string) => {
    queryClient.setQueryData<AgentList>(agentKeys.list, (list) =>
      list ? { ...list, data: list.data.filter((a) => a.id !== agentId) } : list,
    );
    void queryClient.invalidateQueries({ queryKey: agentKeys.list });
  };
}
