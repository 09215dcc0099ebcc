import { useTranslation } from 'react-i18next';
import { ForkSettingsRows } from '../chat/messages/fork-settings-rows';
import { usePromptPermissions } from '../prompts/prompt-queries';
import { CHAT_DIRECTIONS, FONT_SIZES } from './chat-preferences';
import { PreferenceSelectRow } from './preference-select-row';
import { PreferenceSwitchRow, type SwitchPreference } from './preference-switch-row';

/** The on/off preferences, in the order the tab lists them, with their locale key stems. */
const SWITCHES: readonly { name: SwitchPreference; labelKey: string }[] = [
  { name: 'enterToSend', labelKey: 'enter_to_send' },
  { name: 'maximizeChatSpace', labelKey: 'maximize' },
  { name: 'centerFormOnLanding', labelKey: 'center_input' },
  { name: 'saveDrafts', labelKey: 'save_drafts' },
  { name: 'showScrollButton', labelKey: 'scroll_button' },
  { name: 'showFooter', labelKey: 'show_footer' },
  { name: 'modularChat', labelKey: 'modular_chat' },
  { name: 'showCode', labelKey: 'show_code' },
  { name: 'showAnalysisCode', labelKey: 'show_analysis_code' },
  { name: 'LaTeXParsing', labelKey: 'latex_parsing' },
  { name: 'showThinking', labelKey: 'show_thinking' },
  { name: 'autoSendPrompts', labelKey: 'auto_send_prompts' },
];

/** The Chat tab (SPEC 2): how messages look and how the input behaves, applied at once and remembered. */
export function ChatSettings() {
  const { t } = useTranslation('chat');
  // Auto-send is about prompts chosen with "/": no prompts, no row.
  const { canUse: canUsePrompts } = usePromptPermissions();
  const switches = SWITCHES.filter(({ name }) => name !== 'autoSendPrompts' || canUsePrompts);
  return (
    <div>
      <PreferenceSelectRow
        name="fontSize"
        values={FONT_SIZES}
        optionLabel={(value) => t(`settings.font_size_${value}`)}
        label={t('settings.font_size')}
        description={t('settings.font_size_description')}
      />
      <PreferenceSelectRow
        name="chatDirection"
        values={CHAT_DIRECTIONS}
        optionLabel={(value) => t(`settings.direction_${value}`)}
        label={t('settings.direction')}
        description={t('settings.direction_description')}
      />
      {switches.map(({ name, labelKey }) => (
        <PreferenceSwitchRow
          key={name}
          name={name}
          label={t(`settings.${labelKey}`)}
          description={t(`settings.${labelKey}_description`)}
        />
      ))}
      <ForkSettingsRows />
    </div>
  );
}
