import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
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
