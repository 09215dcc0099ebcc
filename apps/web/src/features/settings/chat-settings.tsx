import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import {
  CHAT_DIRECTIONS,
  FONT_SIZES,
  setChatPreference,
  useChatPreferences,
  type ChatPreferences,
} from './chat-preferences';
import { SettingsRow } from './settings-row';

type SwitchPreference = {
  [K in keyof ChatPreferences]: ChatPreferences[K] extends boolean ? K : never;
}[keyof ChatPreferences];

/** The on/off preferences, in the order the tab lists them, with their locale key stems. */
const SWITCHES: readonly { name: SwitchPreference; labelKey: string }[] = [
  { name: 'enterToSend', labelKey: 'enter_to_send' },
  { name: 'maximizeChatSpace', labelKey: 'maximize' },
  { name: 'centerFormOnLanding', labelKey: 'center_input' },
  { name: 'saveDrafts', labelKey: 'save_drafts' },
  { name: 'showScrollButton', labelKey: 'scroll_button' },
];

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** The Chat tab (SPEC 2): how messages look and how the input behaves, applied at once and remembered. */
export function ChatSettings() {
  const { t } = useTranslation('chat');
  const preferences = useChatPreferences();
  const fontSizeOptions = FONT_SIZES.map((value) => ({ value, label: t(`settings.font_size_${value}`) }));
  const directionOptions = CHAT_DIRECTIONS.map((value) => ({ value, label: t(`settings.direction_${value}`) }));

  return (
    <div>
      <SettingsRow
        label={t('settings.font_size')}
        description={t('settings.font_size_description')}
        htmlFor="settings-font-size"
      >
        <Select
          id="settings-font-size"
          data-testid="font-size-select"
          className="w-40 shrink-0"
          options={fontSizeOptions}
          value={preferences.fontSize}
          onChange={(e) => isOneOf(FONT_SIZES, e.target.value) && setChatPreference('fontSize', e.target.value)}
        />
      </SettingsRow>
      <SettingsRow
        label={t('settings.direction')}
        description={t('settings.direction_description')}
        htmlFor="settings-chat-direction"
      >
        <Select
          id="settings-chat-direction"
          data-testid="chat-direction-select"
          className="w-40 shrink-0"
          options={directionOptions}
          value={preferences.chatDirection}
          onChange={(e) =>
            isOneOf(CHAT_DIRECTIONS, e.target.value) && setChatPreference('chatDirection', e.target.value)
          }
        />
      </SettingsRow>
      {SWITCHES.map(({ name, labelKey }) => (
        <SettingsRow
          key={name}
          label={t(`settings.${labelKey}`)}
          description={t(`settings.${labelKey}_description`)}
          htmlFor={`settings-${name}`}
        >
          <Switch
            id={`settings-${name}`}
            isChecked={preferences[name]}
            onCheckedChange={(isChecked) => setChatPreference(name, isChecked)}
            data-testid={`settings-switch-${name}`}
          />
        </SettingsRow>
      ))}
    </div>
  );
}
