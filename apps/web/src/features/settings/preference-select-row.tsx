import { Select } from '../../components/ui/select';
import { setChatPreference, useChatPreferences, type ChatPreferences } from './chat-preferences';
import { SettingsRow } from './settings-row';

/** The names of the chat preferences chosen from a list. */
export type SelectPreference = {
  [K in keyof ChatPreferences]: ChatPreferences[K] extends string ? K : never;
}[keyof ChatPreferences];

/** `fontSize` → `font-size`: the row's element id and test id. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A settings row with a list for one chat preference, applied at once and remembered. Only the
 * listed values are stored.
 */
export function PreferenceSelectRow<K extends SelectPreference>({
  name,
  values,
  optionLabel,
  label,
  description,
}: {
  name: K;
  values: readonly ChatPreferences[K][];
  optionLabel: (value: ChatPreferences[K]) => string;
  label: string;
  description: string;
}) {
  const value = useChatPreferences((s) => s[name]);
  const id = `settings-${kebab(name)}`;
  return (
    <SettingsRow label={label} description={description} htmlFor={id}>
      <Select
        id={id}
        data-testid={`${kebab(name)}-select`}
        className="w-40 shrink-0"
        options={values.map((v) => ({ value: v, label: optionLabel(v) }))}
        value={value}
        onValueChange={(picked) => {
          const chosen = values.find((v) => v === picked);
          if (chosen !== undefined) setChatPreference(name, chosen);
        }}
      />
    </SettingsRow>
  );
}
