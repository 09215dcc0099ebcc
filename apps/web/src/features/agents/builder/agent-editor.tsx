import { useMutation } from '@tanstack/react-query';
import { Copy, Save, Trash2 } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useEndpointsQuery } from '../../chat/api/chat-queries';
import { ConfirmDialog } from '../../conversations/confirm-dialog';
import { setPanelAgent } from '../agent-panel-store';
import { isBuiltInAgent } from '../built-in-agent';
import { useForgetAgent, useStoreAgent } from '../agent-queries';
import { createAgent, deleteAgent, duplicateAgent, updateAgent, type Agent } from '../agents-api';
import { agentToForm, emptyForm, formToInput, validateForm, withActionTools, type AgentForm } from './agent-form';
import { ActionsSection } from './actions-section';
import { AvatarField } from './avatar-field';
import { BuilderInput, BuilderSection, BuilderTextArea } from './builder-fields';
import { FilesSection } from './files-section';
import { ModelSection } from './model-section';
import { SharingSection } from './sharing-section';
import { StartersSection } from './starters-section';
import { ToolsSection } from './tools-section';

/** LibreChat's default agent capabilities, when the endpoint does not list its own. */
const DEFAULT_CAPABILITIES = ['execute_code', 'file_search', 'actions', 'tools'];

/** The agents endpoint's capabilities (config endpoints.agents.capabilities): which builder sections show. */
function useAgentCapabilities(): Set<string> {
  const endpoints = useEndpointsQuery();
  const raw = (endpoints.data?.agents as { capabilities?: unknown } | undefined)?.capabilities;
  const list = Array.isArray(raw) ? raw.filter((c): c is string => typeof c === 'string') : DEFAULT_CAPABILITIES;
  return new Set(list);
}

function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}

/** The builder's fields for one agent (or a new one) and its save, duplicate and delete. */
export function AgentEditor({
  agent,
  isReadOnly,
  canShareGlobal,
  onUseAgent,
}: {
  agent: Agent | undefined;
  isReadOnly: boolean;
  canShareGlobal: boolean;
  onUseAgent(agentId: string, model: string): void;
}) {
  const { t } = useTranslation('agents');
  const [form, setForm] = useState<AgentForm>(() => (agent ? agentToForm(agent) : emptyForm()));
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const storeAgent = useStoreAgent();
  const forgetAgent = useForgetAgent();
  const update = useCallback((patch: Partial<AgentForm>) => setForm((f) => ({ ...f, ...patch })), []);
  const problems = validateForm(form);
  // A missing name is said by its field once Save is pressed (not while a new form is still blank);
  // the others, which the form fills itself, keep Save disabled and are named beside it.
  const isNameMissing = problems.includes('name_required');
  const blocking = problems.filter((p) => p !== 'name_required');
  const [hasTriedSave, setHasTriedSave] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const capabilities = useAgentCapabilities();

  const save = useMutation({
    mutationFn: () => {
      const input = formToInput(form, {
        canShareGlobal,
        wasShared: agent ? agentToForm(agent).isSharedGlobally : false,
      });
      if (!agent) return createAgent(input);
      return updateAgent(agent.id, { ...input, tools: withActionTools(input.tools ?? [], agent.tools) });
    },
    onSuccess: (saved) => {
      storeAgent(saved);
      showToast({ message: agent ? t('builder.saved') : t('builder.created') });
      if (!agent) {
        setPanelAgent(saved.id);
        onUseAgent(saved.id, saved.model ?? form.model);
      }
    },
    onError: (err) => showToast({ message: errorMessage(err, t('builder.save_failed')), status: 'error' }),
  });
  const duplicate = useMutation({
    mutationFn: (id: string) => duplicateAgent(id),
    onSuccess: (copy) => {
      storeAgent(copy);
      setPanelAgent(copy.id);
      showToast({ message: t('builder.duplicated') });
    },
    onError: (err) => showToast({ message: errorMessage(err, t('builder.duplicate_failed')), status: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteAgent(id),
    onSuccess: (_, id) => {
      forgetAgent(id);
      setIsDeleteOpen(false);
      setPanelAgent(null);
      showToast({ message: t('builder.deleted') });
    },
    onError: (err) => showToast({ message: errorMessage(err, t('builder.delete_failed')), status: 'error' }),
  });

  return (
    <>
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-4" data-testid="agent-editor">
        {agent && isBuiltInAgent(agent) ? (
          <Alert tone="info" className="mt-4" testId="agent-built-in-notice">
            {t('builder.built_in_notice', { name: agent.name || t('builder.untitled') })}
          </Alert>
        ) : null}
        <div className="flex items-center gap-3.5 border-b border-line py-4">
          <AvatarField agent={agent} isReadOnly={isReadOnly} onUploaded={storeAgent} />
          <div className="min-w-0 flex-1">
            <div className="truncate text-[15px] font-semibold text-fg">{form.name || t('builder.untitled')}</div>
            <div className="truncate text-xs text-fg-tertiary">
              {agent && isBuiltInAgent(agent)
                ? t('builder.built_in_by')
                : agent?.authorName
                  ? t('builder.by', { name: agent.authorName })
                  : isReadOnly
                    ? null
                    : t('builder.avatar_hint')}
            </div>
          </div>
        </div>
        <BuilderSection title={t('builder.identity')}>
          <div className="flex flex-col gap-3">
            <BuilderInput
              label={t('builder.name')}
              value={form.name}
              onChange={(name) => update({ name })}
              placeholder={t('builder.name_placeholder')}
              isReadOnly={isReadOnly}
              isRequired
              maxLength={256}
              error={hasTriedSave && isNameMissing && !isReadOnly ? t('builder.problem.name_required') : undefined}
              inputRef={nameRef}
              testId="agent-name"
            />
            <BuilderInput
              label={t('builder.description')}
              value={form.description}
              onChange={(description) => update({ description })}
              placeholder={t('builder.description_placeholder')}
              isReadOnly={isReadOnly}
              maxLength={512}
              testId="agent-description"
            />
            <BuilderTextArea
              label={t('builder.instructions')}
              value={form.instructions}
              onChange={(instructions) => update({ instructions })}
              placeholder={t('builder.instructions_placeholder')}
              isReadOnly={isReadOnly}
              rows={5}
              testId="agent-instructions"
            />
          </div>
        </BuilderSection>
        <ModelSection form={form} onChange={update} isReadOnly={isReadOnly} />
        {capabilities.has('tools') ? (
          <ToolsSection tools={form.tools} onChange={(tools) => update({ tools })} isReadOnly={isReadOnly} />
        ) : null}
        {capabilities.has('actions') ? <ActionsSection agent={agent} isReadOnly={isReadOnly} /> : null}
        {capabilities.has('file_search') ? (
          <FilesSection
            fileIds={form.fileIds}
            onChange={(fileIds) => update({ fileIds })}
            agentId={agent?.id}
            isReadOnly={isReadOnly}
          />
        ) : null}
        <StartersSection
          starters={form.starters}
          onChange={(starters) => update({ starters })}
          isReadOnly={isReadOnly}
        />
        <SharingSection form={form} onChange={update} isReadOnly={isReadOnly} canShareGlobal={canShareGlobal} />
      </div>
      {isReadOnly ? null : (
        <div className="flex shrink-0 items-center gap-1.5 border-t border-line px-4 py-3">
          {agent ? (
            <>
              <IconButton
                label={t('builder.delete')}
                size="icon-sm"
                variant="ghost"
                className="text-fg-secondary hover:text-danger"
                onClick={() => setIsDeleteOpen(true)}
                data-testid="agent-delete"
              >
                <Trash2 />
              </IconButton>
              <IconButton
                label={t('builder.duplicate')}
                size="icon-sm"
                variant="ghost"
                className="text-fg-secondary"
                disabled={duplicate.isPending}
                onClick={() => duplicate.mutate(agent.id)}
                data-testid="agent-duplicate"
              >
                <Copy />
              </IconButton>
            </>
          ) : null}
          <span className="min-w-0 flex-1 truncate text-xs text-fg-tertiary" data-testid="agent-form-problem">
            {blocking[0] ? t(`builder.problem.${blocking[0]}`) : null}
          </span>
          <Button
            size="sm"
            onClick={() => {
              setHasTriedSave(true);
              // Nothing is sent without a name: the field says why and takes the focus.
              if (isNameMissing) nameRef.current?.focus();
              else save.mutate();
            }}
            isLoading={save.isPending}
            disabled={blocking.length > 0}
            data-testid="agent-save"
          >
            <Save className="size-4" aria-hidden />
            {agent ? t('builder.save') : t('builder.create')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        isOpen={isDeleteOpen}
        onOpenChange={setIsDeleteOpen}
        title={t('builder.delete_title')}
        confirmLabel={t('builder.delete')}
        onConfirm={() => (agent ? remove.mutate(agent.id) : undefined)}
        isPending={remove.isPending}
        testId="agent-delete-dialog"
      >
        {t('builder.delete_body', { name: agent?.name || t('builder.untitled') })}
      </ConfirmDialog>
    </>
  );
}
