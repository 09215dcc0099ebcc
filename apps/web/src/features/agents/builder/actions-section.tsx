import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Globe, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { showToast } from '../../../components/ui/toast-store';
import { ConfirmDialog } from '../../conversations/confirm-dialog';
import { agentKeys, useActionsQuery } from '../agent-queries';
import { deleteAction, type Agent, type AgentAction } from '../agents-api';
import { ActionDialog } from './action-dialog';
import { BuilderSection } from './builder-fields';

/** The agent's OpenAPI actions: each by its domain, editable and deletable; a new agent saves first. */
export function ActionsSection({ agent, isReadOnly }: { agent: Agent | undefined; isReadOnly: boolean }) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();
  const actions = useActionsQuery(!!agent);
  const [editing, setEditing] = useState<{ action: AgentAction | null } | null>(null);
  const [deleting, setDeleting] = useState<AgentAction | null>(null);
  const mine = (actions.data ?? []).filter((a) => a.agent_id === agent?.id);
  const remove = useMutation({
    mutationFn: (action: AgentAction) => deleteAction(agent?.id ?? '', action.action_id),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: agentKeys.actions });
      void queryClient.invalidateQueries({ queryKey: agentKeys.list });
    },
    onError: () => showToast({ message: t('actions.delete_failed'), status: 'error' }),
  });
  return (
    <BuilderSection
      title={t('builder.actions')}
      testId="agent-actions-section"
      action={
        isReadOnly || !agent ? null : (
          <Button variant="ghost" size="sm" className="h-7 px-2 text-accent" onClick={() => setEditing({ action: null })} data-testid="add-action">
            <Plus className="size-4" aria-hidden />
            {t('builder.add_action')}
          </Button>
        )
      }
    >
      {!agent ? (
        <p className="text-xs text-fg-tertiary">{t('builder.save_first')}</p>
      ) : mine.length === 0 ? (
        <p className="text-xs text-fg-tertiary">{t('builder.no_actions')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {mine.map((action) => (
            <li
              key={action.action_id}
              className="flex items-center gap-2.5 rounded-xl border border-line bg-surface-secondary py-1.5 ps-2.5 pe-1"
              data-testid="agent-action"
            >
              <Globe className="size-4 shrink-0 text-fg-tertiary" aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-[13px] font-medium text-fg">{action.metadata.domain}</span>
                <span className="block truncate text-[11px] text-fg-tertiary">
                  {t(`actions.auth_${action.metadata.auth?.type ?? 'none'}`)}
                </span>
              </span>
              {isReadOnly ? null : (
                <>
                  <IconButton label={t('actions.edit_title')} size="icon-sm" className="size-7 text-fg-tertiary" onClick={() => setEditing({ action })}>
                    <Pencil />
                  </IconButton>
                  <IconButton label={t('actions.delete')} size="icon-sm" className="size-7 text-fg-tertiary hover:text-danger" onClick={() => setDeleting(action)}>
                    <Trash2 />
                  </IconButton>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {agent && editing ? (
        <ActionDialog
          key={editing.action?.action_id ?? 'new'}
          agentId={agent.id}
          action={editing.action}
          isOpen
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
        />
      ) : null}
      <ConfirmDialog
        isOpen={!!deleting}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('actions.delete_title')}
        confirmLabel={t('actions.delete')}
        onConfirm={() => (deleting ? remove.mutate(deleting) : undefined)}
        isPending={remove.isPending}
      >
        {t('actions.delete_body', { domain: deleting?.metadata.domain ?? '' })}
      </ConfirmDialog>
    </BuilderSection>
  );
}
