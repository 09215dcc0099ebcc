import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button';
import { NativeSelect } from '../../../components/ui/select';
import { useAuth } from '../../auth/use-auth';
import { closeAgentPanel, setPanelAgent, useAgentPanelStore } from '../agent-panel-store';
import { useAgentsQuery } from '../agent-queries';
import { useAgentPermissions } from '../use-agent-permissions';
import { isBuiltInAgent } from '../built-in-agent';
import { canEditAgent } from './agent-form';
import { AgentEditor } from './agent-editor';

const NEW_AGENT = '__new__';

/**
 * The builder's frame: which agent (the user's editable ones, or a new one), the editor, and
 * a close button. Without AGENTS CREATE the agent shows read-only and no new one can be made.
 */
export function AgentBuilder({ onUseAgent }: { onUseAgent(agentId: string, model: string): void }) {
  const { t } = useTranslation('agents');
  const { user } = useAuth();
  const permissions = useAgentPermissions();
  const agentId = useAgentPanelStore((s) => s.agentId);
  const agents = useAgentsQuery();
  const list = agents.data?.data ?? [];
  const agent = agentId ? list.find((a) => a.id === agentId) : undefined;
  const editable = list.filter((a) => canEditAgent(a, user?.id, permissions.isAdmin));
  const isReadOnly = !permissions.canCreate || (!!agent && !canEditAgent(agent, user?.id, permissions.isAdmin));
  const isBuiltIn = !!agent && isBuiltInAgent(agent);
  const options = [
    ...(permissions.canCreate ? [{ value: NEW_AGENT, label: t('builder.new_agent') }] : []),
    ...(agent && !editable.includes(agent) ? [agent] : []).map((a) => ({ value: a.id, label: a.name || a.id })),
    ...editable.map((a) => ({ value: a.id, label: a.name || t('builder.untitled') })),
  ];
  return (
    <>
      <div className="flex h-14 shrink-0 items-center gap-2 border-b border-line pr-2 pl-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-[15px] leading-tight font-semibold text-fg">{t('builder.title')}</h2>
          <p className="truncate text-xs text-fg-tertiary">
            {isBuiltIn
              ? t('builder.built_in')
              : isReadOnly
                ? t('builder.read_only')
                : agent
                  ? t('builder.editing')
                  : t('builder.creating')}
          </p>
        </div>
        <IconButton
          label={t('builder.close')}
          size="icon-sm"
          className="text-fg-secondary"
          onClick={closeAgentPanel}
          data-testid="agent-panel-close"
        >
          <X />
        </IconButton>
      </div>
      {options.length > 1 ? (
        <div className="border-b border-line px-4 py-2.5">
          <NativeSelect
            aria-label={t('builder.choose_agent')}
            options={options}
            value={agentId ?? NEW_AGENT}
            onChange={(e) => setPanelAgent(e.target.value === NEW_AGENT ? null : e.target.value)}
            className="w-full"
            data-testid="agent-picker"
          />
        </div>
      ) : null}
      {agentId && !agent && agents.isLoading ? null : (
        <AgentEditor
          key={agent?.id ?? NEW_AGENT}
          agent={agent}
          isReadOnly={isReadOnly}
          canShareGlobal={permissions.canShareGlobal}
          onUseAgent={onUseAgent}
        />
      )}
    </>
  );
}
