import type { ModelSettings } from '@confab/shared';

/**
 * Model settings as stored (JSON), as LibreChat's conversation and preset schemas read them:
 * an unset setting is absent, never null (their fields are optional, not nullable).
 */
export function parseStoredSettings(json: string): ModelSettings {
  const settings = JSON.parse(json) as Record<string, unknown>;
  for (const key of Object.keys(settings)) if (settings[key] === null) delete settings[key];
  return settings as ModelSettings;
}
