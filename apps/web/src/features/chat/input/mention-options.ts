import type { ModelsConfig } from '../api/chat-api';
import type { ConversationSetup } from '../header/model-selection';
import type { EndpointFamily } from '../../model-selector/endpoint-meta';
import { specToSetup } from '../../model-selector/model-specs';
import type { SelectorSections } from '../../model-selector/selector-options';
import { presetToSetup } from '../../presets/preset-rules';

/** What choosing an option does: a model on an endpoint, or a whole setup (spec, preset). */
export type MentionChoice =
  { type: 'model'; endpoint: string; model: string } | { type: 'setup'; setup: ConversationSetup };

/** One row of the @ command's list. */
export interface MentionOption {
  key: string;
  kind: 'spec' | 'endpoint' | 'model' | 'preset';
  label: string;
  /** The endpoint's label under a model, a spec's description. */
  detail: string | null;
  family: EndpointFamily;
  iconURL: string | null;
  choice: MentionChoice;
}

function includesNeedle(needle: string, ...values: (string | null | undefined)[]): boolean {
  return !needle || values.some((v) => !!v && v.toLowerCase().includes(needle));
}

/**
 * The @ command's list (LibreChat's Mention): model specs, endpoints (each with its first model),
 * models, then presets, from the model selector's own sections (already filtered by the query),
 * so both list the same things. Agents and options that cannot be applied are left out.
 */
export function buildMentionOptions(
  sections: SelectorSections,
  models: ModelsConfig | undefined,
  query: string,
): MentionOption[] {
  const needle = query.trim().toLowerCase();
  const options: MentionOption[] = [];
  for (const spec of sections.specs) {
    const setup = specToSetup(spec, models);
    if (!setup) continue;
    options.push({
      key: `spec:${spec.name}`,
      kind: 'spec',
      label: spec.label,
      detail: spec.description ?? null,
      family: 'custom',
      iconURL: spec.iconURL ?? null,
      choice: { type: 'setup', setup },
    });
  }
  const groups = sections.groups.filter((g) => g.family !== 'agents');
  for (const group of groups) {
    const firstModel = models?.[group.endpoint]?.[0];
    if (!firstModel || !includesNeedle(needle, group.label, group.endpoint)) continue;
    options.push({
      key: `endpoint:${group.endpoint}`,
      kind: 'endpoint',
      label: group.label,
      detail: firstModel,
      family: group.family,
      iconURL: group.iconURL,
      choice: { type: 'model', endpoint: group.endpoint, model: firstModel },
    });
  }
  for (const group of groups) {
    for (const model of group.models) {
      options.push({
        key: `model:${group.endpoint}:${model}`,
        kind: 'model',
        label: model,
        detail: group.label,
        family: group.family,
        iconURL: group.iconURL,
        choice: { type: 'model', endpoint: group.endpoint, model },
      });
    }
  }
  for (const preset of sections.presets) {
    const setup = presetToSetup(preset, models);
    if (!setup) continue;
    options.push({
      key: `preset:${preset.presetId}`,
      kind: 'preset',
      label: preset.title,
      detail: preset.model ?? null,
      family: 'custom',
      iconURL: preset.iconURL ?? null,
      choice: { type: 'setup', setup },
    });
  }
  return options;
}
