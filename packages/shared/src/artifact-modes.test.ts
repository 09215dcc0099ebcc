import { describe, expect, it } from 'vitest';
import {
  artifactModeOf,
  isShadcnAvailable,
  parseArtifactMode,
  toggleArtifactSetting,
  type ArtifactToggles,
} from './artifact-modes.js';

const off: ArtifactToggles = { codeArtifacts: false, includeShadcnui: false, customPromptMode: false };
const on = { ...off, codeArtifacts: true };

describe('artifact modes', () => {
  it('names the mode a request carries for the switches', () => {
    expect(artifactModeOf(off)).toBeUndefined();
    expect(artifactModeOf({ ...off, includeShadcnui: true, customPromptMode: true })).toBeUndefined();
    expect(artifactModeOf(on)).toBe('default');
    expect(artifactModeOf({ ...on, includeShadcnui: true })).toBe('shadcnui');
    expect(artifactModeOf({ ...on, includeShadcnui: true, customPromptMode: true })).toBe('custom');
  });

  it('reads only the modes it knows', () => {
    expect(parseArtifactMode('shadcnui')).toBe('shadcnui');
    for (const value of ['', 'Default', 'yes', null, undefined, 1]) expect(parseArtifactMode(value)).toBeUndefined();
  });

  it('follows SPEC 4 when a switch is flipped', () => {
    const full = { codeArtifacts: true, includeShadcnui: true, customPromptMode: false };
    // Artifacts off turns the other two off.
    expect(toggleArtifactSetting({ ...full, customPromptMode: true }, 'codeArtifacts', false)).toEqual(off);
    expect(toggleArtifactSetting(off, 'codeArtifacts', true)).toEqual(on);
    // Custom prompt mode on turns shadcn off; off leaves shadcn off.
    expect(toggleArtifactSetting(full, 'customPromptMode', true)).toEqual({ ...on, customPromptMode: true });
    expect(toggleArtifactSetting({ ...on, customPromptMode: true }, 'customPromptMode', false)).toEqual(on);
    // Shadcn only with artifacts on and custom prompt mode off; neither dependent turns on without artifacts.
    expect(toggleArtifactSetting(on, 'includeShadcnui', true)).toEqual(full);
    expect(toggleArtifactSetting(off, 'includeShadcnui', true)).toEqual(off);
    expect(toggleArtifactSetting({ ...on, customPromptMode: true }, 'includeShadcnui', true)).toEqual({
      ...on,
      customPromptMode: true,
    });
    expect(toggleArtifactSetting(off, 'customPromptMode', true)).toEqual(off);
    expect(isShadcnAvailable(on)).toBe(true);
    expect(isShadcnAvailable({ ...on, customPromptMode: true })).toBe(false);
    expect(isShadcnAvailable(off)).toBe(false);
  });
});
