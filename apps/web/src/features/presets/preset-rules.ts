import type { ModelSettings, PresetInput } from '@confab/shared';
import type { ModelsConfig } from '../chat/api/chat-api';
import { pickSettings } from '../chat/header/conversation-settings';
import type { ConversationSetup, ModelSelection } from '../chat/header/model-selection';
import type { Preset } from './presets-api';

/** Longest preset title the server keeps. */
export const PRESET_TITLE_MAX = 256;

/**
 * A preset as a setup for a chat: its endpoint and model (the endpoint's first model when the
 * preset names none or one no longer served) and its settings. Null when its endpoint is gone.
 */
export function presetToSetup(preset: Preset, models: ModelsConfig | undefined): ConversationSetup | null {
  if (!preset.endpoint) return null;
  const list = models?.[preset.endpoint];
  if (!list) return null;
  const model = preset.model && (list.length === 0 || list.includes(preset.model)) ? preset.model : list[0];
  if (!model) return null;
  // A preset is not a spec: a spec it was saved from does not come back with it.
  const settings = { ...pickSettings(preset), spec: null };
  return { selection: { endpoint: preset.endpoint, model, spec: null }, settings };
}

/** The body that saves the current selection and settings as a new preset. */
export function buildNewPreset(args: {
  title: string;
  selection: ModelSelection;
  endpointType: string | null;
  settings: ModelSettings;
}): PresetInput {
  const { spec: _spec, ...settings } = pickSettings(args.settings);
  return {
    ...settings,
    title: args.title.trim().slice(0, PRESET_TITLE_MAX),
    endpoint: args.selection.endpoint,
    endpointType: args.endpointType,
    model: args.selection.model,
  };
}

/**
 * The body that updates a preset: the server replaces a preset's settings with the ones sent,
 * so an edit of the title or the default flag resends them all.
 */
export function buildPresetUpdate(preset: Preset, patch: { title?: string; defaultPreset?: boolean }): PresetInput {
  return {
    ...pickSettings(preset),
    model: preset.model ?? null,
    presetId: preset.presetId,
    title: (patch.title ?? preset.title).trim().slice(0, PRESET_TITLE_MAX),
    endpoint: preset.endpoint ?? '',
    endpointType: preset.endpointType ?? null,
    defaultPreset: patch.defaultPreset ?? preset.defaultPreset,
    order: preset.order ?? null,
  };
}

export function findDefaultPreset(presets: readonly Preset[] | undefined): Preset | null {
  return presets?.find((p) => p.defaultPreset) ?? null;
}

/** Presets matching a search, by title, endpoint or model. */
export function filterPresets(presets: readonly Preset[], query: string): Preset[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...presets];
  return presets.filter((p) => [p.title, p.endpoint, p.model].some((v) => v?.toLowerCase().includes(needle)));
}
