import { artifactModeOf, toggleArtifactSetting, type ArtifactMode, type ArtifactToggleName } from '@confab/shared';
import { setChatPreference, useChatPreferences } from './chat-preferences';

const TOGGLE_NAMES: readonly ArtifactToggleName[] = ['codeArtifacts', 'includeShadcnui', 'customPromptMode'];

/**
 * Flips one of Settings → Beta's artifact switches, and the others as SPEC 4 says (artifacts off
 * turns both others off; custom prompt mode on turns shadcn/ui off), each kept under its key.
 */
export function setArtifactToggle(name: ArtifactToggleName, isOn: boolean): void {
  const current = useChatPreferences.getState();
  const next = toggleArtifactSetting(current, name, isOn);
  for (const key of TOGGLE_NAMES) if (next[key] !== current[key]) setChatPreference(key, next[key]);
}

/** The `artifacts` mode a chat request carries now (LibreChat's field); undefined when off. */
export function currentArtifactsMode(): ArtifactMode | undefined {
  return artifactModeOf(useChatPreferences.getState());
}
