import { ArrowRightLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAgentName } from '../../../agents/agent-queries';

/** An `agent_update` part: from here on another agent answers (SPEC 4). */
export function AgentUpdateDivider({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const name = useAgentName(agentId);
  return (
    <div className="my-3 flex items-center gap-2 text-xs font-medium text-fg-tertiary" data-testid="agent-update">
      <ArrowRightLeft className="size-3.5" aria-hidden />
      <span>{t('tool_call.agent_switch', { name: name ?? agentId })}</span>
      <span className="h-px flex-1 bg-line" aria-hidden />
    </div>
  );
}
