import { modelSettingsSchema, type ModelSettings } from '@confab/shared';

type SettingKey = Exclude<keyof ModelSettings, 'model'>;

/**
 * Every model setting a conversation, preset or model spec carries (SPEC 3), except `model`,
 * which the selection holds. Read from the shared schema so a setting added there flows
 * through the selector, the parameters panel and the send body without a change here.
 */
export const SETTING_KEYS = Object.keys(modelSettingsSchema.shape).filter((k) => k !== 'model') as SettingKey[];

/** Whether the send body can carry a setting (the server drops fields its schema lacks). */
export function isKnownSetting(key: string): key is SettingKey {
  return (SETTING_KEYS as string[]).includes(key);
}

/**
 * The model settings of any conversation-like record (a conversation, a preset, a model
 * spec's preset): known keys only, each checked against the shared schema, unset values left
 * out. A bad value (a temperature of "hot") is dropped rather than failing the whole record.
 * @example pickSettings({ temperature: 0.4, title: 'x', topK: 'many' }) // { temperature: 0.4 }
 */
export function pickSettings(source: object | null | undefined): ModelSettings {
  const settings: Record<string, unknown> = {};
  if (!source) return settings;
  const record = source as Record<string, unknown>;
  for (const key of SETTING_KEYS) {
    const value = record[key];
    if (value === null || value === undefined) continue;
    const parsed = modelSettingsSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== null && parsed.data !== undefined) settings[key] = parsed.data;
  }
  return settings as ModelSettings;
}

/**
 * The settings a send uses: the conversation's stored ones with this page's changes on top.
 * A change of `null` unsets the stored value (the panel's "reset to default"), so the server,
 * which stores the settings of every send as the conversation's, forgets it too.
 */
export function mergeSettings(stored: ModelSettings | undefined, overrides: ModelSettings | undefined): ModelSettings {
  const merged: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const value = overrides && key in overrides ? overrides[key] : stored?.[key];
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged as ModelSettings;
}

/** Settings that name where a choice came from (a spec, its icon and label): cleared by a plain model choice. */
export const SPEC_IDENTITY_RESET: ModelSettings = { spec: null, iconURL: null, modelLabel: null };

/**
 * A conversation's settings started over with `settings`: every stored one is unset, so a
 * conversation continued on another endpoint (modular chat, SPEC 4) sends that endpoint's
 * defaults, not the parameters of the one it leaves.
 * @example startOverSettings({ spec: null }) // { temperature: null, ..., spec: null }
 */
export function startOverSettings(settings: ModelSettings): ModelSettings {
  const unset = Object.fromEntries(SETTING_KEYS.map((key) => [key, null])) as ModelSettings;
  return { ...unset, ...settings };
}
