import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button';
import { cn } from '../../../lib/cn';
import { toggleAgentPanel, useAgentPanelStore } from '../agent-panel-store';

/** The header button that opens and closes the agent builder, on the current agent. */
export function AgentPanelToggle({ agentId }: { agentId: string | null }) {
  const { t } = useTranslation('agents');
  const isOpen = useAgentPanelStore((s) => s.isOpen);
  return (
    <IconButton
      label={isOpen ? t('builder.close') : t('builder.open')}
      onClick={() => toggleAgentPanel(agentId)}
      aria-pressed={isOpen}
      className={cn('text-fg-secondary hover:text-fg', isOpen && 'bg-surface-hover text-fg')}
      data-testid="agent-panel-toggle"
    >
      <Bot />
    </IconButton>
  );
}
