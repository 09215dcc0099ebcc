/**
 * What a chat request's `artifacts` setting asks of the model (LibreChat's ArtifactModes):
 * - `default`: the server's artifact instructions (HTML, SVG, Mermaid, React);
 * - `shadcnui`: the same plus the shadcn/ui components a React artifact may import;
 * - `custom`: artifacts are rendered, but the instructions are the user's own prompt.
 * Absent, empty or anything else: off.
 */
export const ARTIFACT_MODES = ['default', 'shadcnui', 'custom'] as const;
export type ArtifactMode = (typeof ARTIFACT_MODES)[number];

/** The mode a stored or sent `artifacts` value names; undefined when it names none (off). */
export function parseArtifactMode(value: unknown): ArtifactMode | undefined {
  return ARTIFACT_MODES.find((mode) => mode === value);
}

/** Settings → Beta's three switches, under LibreChat's localStorage keys. */
export interface ArtifactToggles {
  codeArtifacts: boolean;
  includeShadcnui: boolean;
  customPromptMode: boolean;
}
export type ArtifactToggleName = keyof ArtifactToggles;

/**
 * The mode a request carries for the switches: off without code artifacts; custom prompt mode
 * wins over shadcn/ui.
 *
 * @example artifactModeOf({ codeArtifacts: true, includeShadcnui: true, customPromptMode: false }) // 'shadcnui'
 */
export function artifactModeOf(toggles: ArtifactToggles): ArtifactMode | undefined {
  if (!toggles.codeArtifacts) return undefined;
  if (toggles.customPromptMode) return 'custom';
  return toggles.includeShadcnui ? 'shadcnui' : 'default';
}

/**
 * The switches after one is flipped, with SPEC 4's rules: turning code artifacts off turns
 * shadcn/ui and custom prompt mode off; turning custom prompt mode on turns shadcn/ui off;
 * shadcn/ui turns on only with code artifacts on and custom prompt mode off.
 */
export function toggleArtifactSetting(
  toggles: ArtifactToggles,
  name: ArtifactToggleName,
  isOn: boolean,
): ArtifactToggles {
  if (name === 'codeArtifacts') {
    return isOn
      ? { ...toggles, codeArtifacts: true }
      : { codeArtifacts: false, includeShadcnui: false, customPromptMode: false };
  }
  if (name === 'customPromptMode') {
    if (!toggles.codeArtifacts) return toggles;
    return isOn
      ? { ...toggles, customPromptMode: true, includeShadcnui: false }
      : { ...toggles, customPromptMode: false };
  }
  if (isOn && !isShadcnAvailable(toggles)) return toggles;
  return { ...toggles, includeShadcnui: isOn };
}

/** Whether the shadcn/ui switch may be used (SPEC 4: artifacts on and custom prompt mode off). */
export function isShadcnAvailable(toggles: ArtifactToggles): boolean {
  return toggles.codeArtifacts && !toggles.customPromptMode;
}
