import type { ModelSettings } from '@confab/shared';
import { Bot, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { openAgentPanel } from '../../agents/agent-panel-store';
import { AgentPanelToggle } from '../../agents/builder/agent-panel-toggle';
import { useAgentPermissions } from '../../agents/use-agent-permissions';
import { ApiKeyDialogHost } from '../../api-keys/api-key-dialog-host';
import { getEndpointFamily } from '../../model-selector/endpoint-meta';
import { useStartupConfig } from '../../config/use-startup-config';
import { HeaderMenuSlot } from '../../layout/header-menu-slot';
import { HEADER_MENU_ORDER } from '../../layout/header-menu-store';
import { HeaderSlot } from '../../layout/header-slot';
import { useSidePanelEnabled } from '../../layout/use-side-panel-enabled';
import { useSmallScreen } from '../../layout/use-small-screen';
import { ModelSelector } from '../../model-selector/model-selector';
import { setParametersPanelOpen } from '../../parameters/parameters-panel-store';
import { ParametersToggle } from '../../parameters/parameters-toggle';
import { useParametersEnabled } from '../../parameters/use-parameters-enabled';
import { PresetDialogsHost } from '../../presets/preset-dialogs-host';
import type { EndpointsConfig, ModelsConfig } from '../api/chat-api';
import type { ConversationSetup, ModelSelection } from './model-selection';

/**
 * What the chat page puts in the app header (SPEC 2): the model selector, unless a default
 * agent is configured or interface.modelSelect is off, and the parameters button (the agent
 * builder's for an agent), an item of the "⋯" menu on small screens, where the panel is a
 * sheet; plus the dialogs they open (API key, presets), which also serve the inline prompts
 * and errors.
 */
export function ChatHeaderControls({
  selection,
  settings,
  endpoints,
  models,
  isSelectionPending,
  onChooseModel,
  onChooseSetup,
}: {
  selection: ModelSelection | null;
  settings: ModelSettings;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  /** The selection is not known yet: the selector shows a skeleton, not a name. */
  isSelectionPending: boolean;
  onChooseModel(endpoint: string, model: string): void;
  onChooseSetup(setup: ConversationSetup): void;
}) {
  const { t } = useTranslation(['parameters', 'agents']);
  const isSmall = useSmallScreen();
  const { data: config } = useStartupConfig();
  const isParametersEnabled = useParametersEnabled();
  const isSelectorShown = (config?.interface?.modelSelect ?? true) && !config?.defaultAgent;
  const { canUse: canUseAgents } = useAgentPermissions();
  // interface.sidePanel off: no builder to open (the parameters go with useParametersEnabled).
  const isSidePanelOn = useSidePanelEnabled();
  const isAgents = !!selection && getEndpointFamily(selection.endpoint, endpoints?.[selection.endpoint]) === 'agents';
  return (
    <>
      {isSelectorShown ? (
        <HeaderSlot>
          <ModelSelector
            selection={selection}
            endpoints={endpoints}
            models={models}
            isPending={isSelectionPending}
            onChooseModel={onChooseModel}
            onChooseSetup={onChooseSetup}
          />
        </HeaderSlot>
      ) : null}
      {isAgents && canUseAgents && isSidePanelOn ? (
        // The agent holds its parameters: the builder takes the parameters button's place.
        isSmall ? (
          <HeaderMenuSlot order={HEADER_MENU_ORDER.sidePanel}>
            <DropdownMenuItem
              onSelect={() => openAgentPanel(selection.agentId ?? null)}
              aria-haspopup="dialog"
              data-testid="header-menu-agent-builder"
            >
              <Bot aria-hidden />
              {t('agents:builder.title')}
            </DropdownMenuItem>
          </HeaderMenuSlot>
        ) : (
          <HeaderSlot position="end" order={1}>
            <AgentPanelToggle agentId={selection.agentId ?? null} />
          </HeaderSlot>
        )
      ) : null}
      {isParametersEnabled && selection && !isAgents ? (
        isSmall ? (
          <HeaderMenuSlot order={HEADER_MENU_ORDER.sidePanel}>
            <DropdownMenuItem
              onSelect={() => setParametersPanelOpen(true)}
              aria-haspopup="dialog"
              data-testid="header-menu-parameters"
            >
              <SlidersHorizontal aria-hidden />
              {t('parameters:title')}
            </DropdownMenuItem>
          </HeaderMenuSlot>
        ) : (
          // Rightmost, next to the panel it opens, whatever the conversation adds to the header.
          <HeaderSlot position="end" order={1}>
            <ParametersToggle />
          </HeaderSlot>
        )
      ) : null}
      <ApiKeyDialogHost />
      <PresetDialogsHost
        selection={selection}
        settings={settings}
        endpoints={endpoints}
        models={models}
        onApply={onChooseSetup}
      />
    </>
  );
}
