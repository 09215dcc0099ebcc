import type { StartupConfig } from '@confab/shared';
import { z } from 'zod';
import type { ModelsConfig } from '../chat/api/chat-api';
import { pickSettings } from '../chat/header/conversation-settings';
import type { ConversationSetup } from '../chat/header/model-selection';

/** SPEC 3 Model spec, as the startup config lists it (config `modelSpecs.list`). */
const modelSpecSchema = z.object({
  name: z.string().min(1),
  label: z.string().min(1),
  description: z.string().optional(),
  iconURL: z.string().optional(),
  showIconInMenu: z.boolean().optional(),
  showIconInHeader: z.boolean().optional(),
  default: z.boolean().optional(),
  order: z.number().optional(),
  authType: z.enum(['override_auth', 'user_provided', 'system_defined']).optional(),
  preset: z.looseObject({ endpoint: z.string().min(1), model: z.string().nullish() }),
});
export type ModelSpec = z.infer<typeof modelSpecSchema>;

/** The config's model specs that are well formed, by `order` (then as listed). */
export function readModelSpecs(config: Pick<StartupConfig, 'modelSpecs'> | undefined): ModelSpec[] {
  const list = config?.modelSpecs?.list ?? [];
  const specs: ModelSpec[] = [];
  for (const entry of list) {
    const parsed = modelSpecSchema.safeParse(entry);
    if (parsed.success) specs.push(parsed.data);
  }
  return specs
    .map((spec, index) => ({ spec, index }))
    .sort((a, b) => (a.spec.order ?? Infinity) - (b.spec.order ?? Infinity) || a.index - b.index)
    .map(({ spec }) => spec);
}

/**
 * SPEC 4, default model spec: the one marked default; else, when specs take priority
 * (`modelSpecs.prioritize`) or the model selector is hidden, the last one selected, else the
 * first. Otherwise a spec starts a new chat only if the last choice was that spec.
 */
export function getDefaultModelSpec(args: {
  specs: readonly ModelSpec[];
  isPrioritized: boolean;
  isModelSelectShown: boolean;
  /** The spec chosen last, whatever was chosen after it. */
  lastSpec: string | null;
  /** The spec of the very last choice (null when that was a plain model). */
  lastChoiceSpec: string | null;
}): ModelSpec | null {
  const { specs, isPrioritized, isModelSelectShown, lastSpec, lastChoiceSpec } = args;
  if (specs.length === 0) return null;
  const marked = specs.find((s) => s.default);
  if (marked) return marked;
  if (isPrioritized || !isModelSelectShown) return specs.find((s) => s.name === lastSpec) ?? specs[0] ?? null;
  return specs.find((s) => s.name === lastChoiceSpec) ?? null;
}

/** A spec's preset as a setup: its endpoint and model (else the endpoint's first), its settings. */
export function specToSetup(spec: ModelSpec, models: ModelsConfig | undefined): ConversationSetup | null {
  const { endpoint } = spec.preset;
  const model = spec.preset.model ?? models?.[endpoint]?.[0];
  if (!model) return null;
  const settings = pickSettings(spec.preset);
  return {
    selection: { endpoint, model, spec: spec.name },
    settings: {
      ...settings,
      spec: spec.name,
      iconURL: spec.iconURL ?? settings.iconURL ?? null,
      modelLabel: settings.modelLabel ?? spec.label,
    },
  };
}

/** Whether a spec may be used here: its endpoint is served. */
export function isSpecAvailable(spec: ModelSpec, endpoints: Record<string, unknown> | undefined): boolean {
  return !!endpoints?.[spec.preset.endpoint];
}
