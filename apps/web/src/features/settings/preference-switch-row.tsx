import { Switch } from '../../components/ui/switch';
import { setChatPreference, useChatPreferences, type ChatPreferences } from './chat-preferences';
import { SettingsRow } from './settings-row';

/** The names of the on/off chat preferences. */
export type SwitchPreference = {
  [K in keyof ChatPreferences]: ChatPreferences[K] extends boolean ? K : never;
}[keyof ChatPreferences];

/** A settings row with a switch for one on/off chat preference, applied at once and remembered. */
export function PreferenceSwitchRow({
  name,
  label,
  description,
}: {
  name: SwitchPreference;
  label: string;
  description: string;
}) {
  const isChecked = useChatPreferences((s) => s[name]);
  return (
    <SettingsRow label={label} description={description} htmlFor={`settings-${name}`}>
      <Switch
        id={`settings-${name}`}
        isChecked={isChecked}
        onCheckedChange={(checked) => setChatPreference(name, checked)}
        data-testid={`settings-switch-${name}`}
      />
    </SettingsRow>
  );
}
