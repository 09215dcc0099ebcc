import { create } from 'zustand';

interface AgentPanelState {
  isOpen: boolean;
  /** The agent being edited; null builds a new one. */
  agentId: string | null;
}

/** The agent builder side panel (SPEC 2, agent settings panel): open or closed, on which agent. */
export const useAgentPanelStore = create<AgentPanelState>(() => ({ isOpen: false, agentId: null }));

export function openAgentPanel(agentId: string | null): void {
  useAgentPanelStore.setState({ isOpen: true, agentId });
}

export function closeAgentPanel(): void {
  useAgentPanelStore.setState({ isOpen: false });
}

export function toggleAgentPanel(agentId: string | null): void {
  useAgentPanelStore.setState((s) => ({ isOpen: !s.isOpen, agentId }));
}

export function setPanelAgent(agentId: string | null): void {
  useAgentPanelStore.setState({ agentId });
}
