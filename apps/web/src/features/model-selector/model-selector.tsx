import { TIMING } from '@confab/shared';
import { BookmarkPlus, Check, ChevronDown, KeyRound, Library, Plus, Star } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { openApiKeyDialog } from '../api-keys/api-key-dialog-store';
import type { EndpointsConfig, ModelsConfig } from '../chat/api/chat-api';
import type { ConversationSetup, ModelSelection } from '../chat/header/model-selection';
import { useStartupConfig } from '../config/use-startup-config';
import { openPresetDialog } from '../presets/preset-dialogs-store';
import { presetToSetup } from '../presets/preset-rules';
import { usePresetsEnabled, usePresetsQuery } from '../presets/use-presets';
import { EndpointIcon, SpecIconFallback } from './endpoint-icon';
import { getEndpointFamily, getEndpointLabel } from './endpoint-meta';
import { readModelSpecs, specToSetup } from './model-specs';
import { buildSelectorSections, SEARCH_THRESHOLD } from './selector-options';
import { useCanUseAgents } from './use-can-use-agents';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { AgentAvatar, agentAvatarUrl } from '../agents/agent-avatar';
import { openAgentPanel } from '../agents/agent-panel-store';
import { useAgentNameState, useAgentsQuery } from '../agents/agent-queries';
import { useAgentPermissions } from '../agents/use-agent-permissions';
import { SPEC_IDENTITY_RESET } from '../chat/header/conversation-settings';
import type { AgentOption } from './selector-options';
import { AgentMenuItem } from './agent-menu-item';
import { isBuiltInAgent } from '../agents/built-in-agent';
import { InlineSearchField } from '../../components/ui/inline-search-field';
import { Skeleton } from '../../components/ui/skeleton';

export interface ModelSelectorProps {
  selection: ModelSelection | null;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  onChooseModel(endpoint: string, model: string): void;
  /** A model spec or a preset: an endpoint, a model and settings at once. */
  onChooseSetup(setup: ConversationSetup): void;
  /**
   * The selection is not known yet (the conversation or what a new chat starts from still
   * loads): a neutral skeleton instead of a name that may be the wrong one.
   */
  isPending?: boolean;
}

const sectionLabel = 'px-2.5 pt-2.5 pb-1 text-[11px] font-semibold tracking-wider text-fg-tertiary uppercase';

/**
 * The header's model selector (SPEC 2): model specs, endpoints with their models (a key button
 * on those that take the user's key), presets, and a search box once there are more than 10
 * options. Arrow keys move through it; typing while an item has focus goes to the search.
 */
export function ModelSelector({
  selection,
  endpoints,
  models,
  onChooseModel,
  onChooseSetup,
  isPending = false,
}: ModelSelectorProps) {
  const { t } = useTranslation('endpoints');
  const { data: config } = useStartupConfig();
  const presetsEnabled = usePresetsEnabled();
  const presets = usePresetsQuery(presetsEnabled);
  const canUseAgents = useCanUseAgents();
  const { canCreate: canCreateAgents } = useAgentPermissions();
  const agentsQuery = useAgentsQuery();
  const agentOptions = useMemo<AgentOption[]>(
    () =>
      (agentsQuery.data?.data ?? []).map((a) => ({
        id: a.id,
        name: a.name || t('selector.unnamed_agent'),
        description: a.description ?? null,
        avatarUrl: agentAvatarUrl(a),
        model: a.model ?? '',
        isBuiltIn: isBuiltInAgent(a),
      })),
    [agentsQuery.data, t],
  );
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebouncedValue(query, TIMING.modelSearchDebounceMs);
  const searchRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  const specs = useMemo(() => readModelSpecs(config), [config]);
  const ui = config?.interface;
  const sections = useMemo(
    () =>
      buildSelectorSections({
        endpoints,
        models,
        specs,
        presets: presets.data ?? [],
        showEndpoints: (ui?.endpointsMenu ?? true) && !(config?.modelSpecs?.enforce && specs.length > 0),
        showPresets: presetsEnabled,
        canUseAgents,
        agents: agentOptions,
        query: debouncedQuery,
      }),
    [
      endpoints,
      models,
      specs,
      presets.data,
      ui?.endpointsMenu,
      config?.modelSpecs?.enforce,
      presetsEnabled,
      canUseAgents,
      agentOptions,
      debouncedQuery,
    ],
  );
  const isLoading = !endpoints || !models;
  const hasSearch = sections.optionCount > SEARCH_THRESHOLD;
  const spec = selection?.spec ? specs.find((s) => s.name === selection.spec) : undefined;
  const family = selection ? getEndpointFamily(selection.endpoint, endpoints?.[selection.endpoint]) : 'custom';
  const agent = selection?.agentId ? agentOptions.find((a) => a.id === selection.agentId) : undefined;
  const triggerLabel = agent?.name ?? spec?.label ?? selection?.model;
  // An agent's chat shows the agent's name, never its model while the agents load.
  const agentName = useAgentNameState(selection?.agentId);
  const isLabelPending = isPending || agentName.isPending;
  const showEndpointHint = !!selection && !spec && family !== 'openAI';

  // Typing on a focused item goes to the search box instead of the menu's typeahead.
  const onContentKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!hasSearch || e.target === searchRef.current) return;
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      setQuery((q) => q + e.key);
      searchRef.current?.focus();
    }
  };
  const onSearchKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      contentRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
      return;
    }
    if (e.key === 'Escape' && query) {
      e.preventDefault();
      setQuery('');
    }
    // Everything else is typing; the menu must not treat it as typeahead or navigation.
    if (e.key !== 'Escape' && e.key !== 'Tab') e.stopPropagation();
  };

  return (
    <DropdownMenu modal={false} onOpenChange={(open) => (open ? undefined : setQuery(''))}>
      <DropdownMenuTrigger
        className="focus-ring flex h-10 min-w-0 items-center gap-1.5 rounded-xl px-2 text-base font-semibold text-fg transition-colors hover:bg-surface-hover data-[state=open]:bg-surface-hover sm:gap-2 sm:px-2.5 sm:text-[17px]"
        data-testid="model-picker"
        aria-label={t('selector.label')}
      >
        {isLabelPending ? (
          <Skeleton className="h-5 w-32 rounded-md" />
        ) : selection?.agentId ? (
          <AgentAvatar url={agent?.avatarUrl} size="sm" className="max-sm:hidden" />
        ) : selection ? (
          spec && spec.showIconInHeader !== false && spec.iconURL ? (
            <EndpointIcon family={family} iconURL={spec.iconURL} size="sm" className="max-sm:hidden" />
          ) : (
            <EndpointIcon
              family={family}
              iconURL={endpoints?.[selection.endpoint]?.iconURL}
              size="sm"
              className="max-sm:hidden"
            />
          )
        ) : null}
        {isLabelPending ? null : (
          <span className="truncate" data-testid="model-picker-label">
            {triggerLabel ?? (isLoading ? t('selector.loading') : t('selector.label'))}
          </span>
        )}
        {showEndpointHint && !isLabelPending ? (
          <span className="hidden truncate text-[15px] font-normal text-fg-secondary sm:inline">
            {/* A built-in agent is nobody's own: not "My Agents". */}
            {agent?.isBuiltIn ? t('selector.built_in_agent') : getEndpointLabel(selection.endpoint, endpoints)}
          </span>
        ) : null}
        <ChevronDown className="size-4 shrink-0 text-fg-secondary" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        ref={contentRef}
        align="start"
        loop
        onCloseAutoFocus={(e) => e.preventDefault()}
        onKeyDown={onContentKeyDown}
        className="scrollbar-thin max-h-[min(75vh,560px)] w-[min(22rem,calc(100vw-1.5rem))] overflow-y-auto"
        data-testid="model-menu"
      >
        {hasSearch ? (
          <div className="sticky -top-1.5 z-10 -mx-1.5 -mt-1.5 mb-1 border-b border-line bg-surface-elevated p-2">
            <InlineSearchField
              ref={searchRef}
              value={query}
              onChange={setQuery}
              onKeyDown={onSearchKeyDown}
              label={t('selector.search')}
              data-testid="model-search"
            />
          </div>
        ) : null}
        {isLoading ? <DropdownMenuLabel>{t('selector.loading')}</DropdownMenuLabel> : null}
        {!isLoading && sections.matchCount === 0 ? (
          <DropdownMenuLabel className="py-6 text-center" data-testid="model-search-empty">
            {debouncedQuery ? t('selector.no_results', { query: debouncedQuery }) : t('selector.none')}
          </DropdownMenuLabel>
        ) : null}

        {sections.specs.length > 0 ? (
          <div data-testid="model-specs">
            <div className={sectionLabel}>{t('selector.specs')}</div>
            {sections.specs.map((item) => {
              const isSelected = selection?.spec === item.name;
              const itemFamily = getEndpointFamily(item.preset.endpoint, endpoints?.[item.preset.endpoint]);
              return (
                <DropdownMenuItem
                  key={item.name}
                  onSelect={() => {
                    const setup = specToSetup(item, models);
                    if (setup) onChooseSetup(setup);
                  }}
                  className="items-start py-2"
                  data-testid="model-spec-option"
                  data-spec={item.name}
                >
                  {item.showIconInMenu === false ? null : item.iconURL ? (
                    <EndpointIcon family={itemFamily} iconURL={item.iconURL} className="mt-0.5" />
                  ) : (
                    <SpecIconFallback className="mt-0.5" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{item.label}</span>
                    {item.description ? (
                      <span className="mt-0.5 line-clamp-2 block text-xs leading-snug text-fg-tertiary">
                        {item.description}
                      </span>
                    ) : null}
                  </span>
                  {isSelected ? <Check className="mt-0.5 !text-fg" aria-hidden /> : null}
                </DropdownMenuItem>
              );
            })}
          </div>
        ) : null}

        {sections.groups.map((group, index) => {
          const chooseAgent = (item: AgentOption) => () =>
            onChooseSetup({
              selection: { endpoint: group.endpoint, model: item.model, agentId: item.id },
              settings: SPEC_IDENTITY_RESET,
            });
          const isAgents = group.family === 'agents';
          // While searching, "My Agents" shows only when some of the user's agents match.
          const showsHeader = !isAgents || !debouncedQuery || group.agents.length > 0;
          return (
            <div key={group.endpoint} data-testid={`model-group-${group.endpoint}`}>
              {index > 0 || sections.specs.length > 0 ? <DropdownMenuSeparator /> : null}
              {group.builtInAgents.length > 0 ? (
                <div data-testid="built-in-agents">
                  <div className="flex items-center gap-2 py-0.5 pr-0.5 pl-2.5">
                    <EndpointIcon family={group.family} iconURL={group.iconURL} size="sm" />
                    <span className="min-w-0 flex-1 truncate text-xs font-semibold text-fg-secondary">
                      {t('selector.built_in_agents')}
                    </span>
                  </div>
                  {group.builtInAgents.map((item) => (
                    <AgentMenuItem
                      key={item.id}
                      agent={item}
                      isSelected={selection?.agentId === item.id}
                      onSelect={chooseAgent(item)}
                    />
                  ))}
                  {showsHeader ? <DropdownMenuSeparator /> : null}
                </div>
              ) : null}
              {showsHeader ? (
                <div className="flex items-center gap-2 py-0.5 pr-0.5 pl-2.5" data-testid="model-group-header">
                  <EndpointIcon family={group.family} iconURL={group.iconURL} size="sm" />
                  <span className="min-w-0 flex-1 truncate text-xs font-semibold text-fg-secondary">{group.label}</span>
                  {group.isDeprecated ? (
                    <span
                      className="rounded-full bg-amber-500/15 px-1.5 py-px text-[10px] font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-400"
                      data-testid="deprecated-badge"
                    >
                      {t('selector.deprecated')}
                    </span>
                  ) : null}
                  {group.needsKey ? (
                    <DropdownMenuItem
                      onSelect={() => openApiKeyDialog(group.endpoint)}
                      className="size-7 justify-center p-0 [&_svg]:size-3.5"
                      aria-label={t('selector.set_key', { endpoint: group.label })}
                      title={t('selector.set_key', { endpoint: group.label })}
                      data-testid="endpoint-key-button"
                      data-endpoint={group.endpoint}
                    >
                      <KeyRound aria-hidden />
                    </DropdownMenuItem>
                  ) : null}
                </div>
              ) : null}
              {group.isEmpty && showsHeader ? (
                <div className="px-2.5 pb-1.5 text-xs text-fg-tertiary" data-testid={`empty-${group.family}`}>
                  {isAgents ? t('selector.no_agents') : t('selector.no_models')}
                </div>
              ) : null}
              <div data-testid={isAgents ? 'my-agents' : undefined} className="contents">
                {group.agents.map((item) => (
                  <AgentMenuItem
                    key={item.id}
                    agent={item}
                    isSelected={selection?.agentId === item.id}
                    onSelect={chooseAgent(item)}
                  />
                ))}
              </div>
              {group.family === 'agents' && canCreateAgents && !debouncedQuery ? (
                <DropdownMenuItem
                  onSelect={() => openAgentPanel(null)}
                  className="pl-3 text-fg-secondary"
                  data-testid="menu-create-agent"
                >
                  <Plus aria-hidden />
                  {t('selector.create_agent')}
                </DropdownMenuItem>
              ) : null}
              {group.models.map((model) => {
                const isSelected =
                  !selection?.spec && selection?.endpoint === group.endpoint && selection.model === model;
                return (
                  <DropdownMenuItem
                    key={model}
                    onSelect={() => onChooseModel(group.endpoint, model)}
                    className={cn('pl-9', isSelected && 'font-medium')}
                    data-testid="model-option"
                    data-endpoint={group.endpoint}
                    data-model={model}
                  >
                    <span className="min-w-0 flex-1 truncate">{model}</span>
                    {isSelected ? <Check className="!text-fg" aria-hidden /> : null}
                  </DropdownMenuItem>
                );
              })}
            </div>
          );
        })}

        {presetsEnabled && !isLoading ? (
          <div data-testid="model-presets">
            <DropdownMenuSeparator />
            <div className={sectionLabel}>{t('selector.presets')}</div>
            {sections.presets.map((preset) => {
              const setup = presetToSetup(preset, models);
              const endpoint = preset.endpoint ?? '';
              return (
                <DropdownMenuItem
                  key={preset.presetId}
                  disabled={!setup}
                  onSelect={() => (setup ? onChooseSetup(setup) : undefined)}
                  data-testid="preset-option"
                  data-title={preset.title}
                >
                  <EndpointIcon
                    family={getEndpointFamily(endpoint, endpoints?.[endpoint])}
                    iconURL={preset.iconURL}
                    size="sm"
                  />
                  <span className="min-w-0 flex-1 truncate">{preset.title}</span>
                  {preset.defaultPreset ? (
                    <Star
                      className="!size-3.5 fill-current !text-amber-500"
                      aria-label={t('selector.default_preset')}
                    />
                  ) : null}
                </DropdownMenuItem>
              );
            })}
            {!debouncedQuery ? (
              <>
                <DropdownMenuItem
                  onSelect={() => openPresetDialog('save')}
                  className="text-fg-secondary"
                  data-testid="menu-save-preset"
                >
                  <BookmarkPlus aria-hidden />
                  {t('selector.save_preset')}
                </DropdownMenuItem>
                <DropdownMenuItem
                  onSelect={() => openPresetDialog('manage')}
                  className="text-fg-secondary"
                  data-testid="menu-manage-presets"
                >
                  <Library aria-hidden />
                  {t('selector.manage_presets')}
                </DropdownMenuItem>
              </>
            ) : null}
          </div>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
