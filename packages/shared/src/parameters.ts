import type { z } from 'zod';
import { modelSettingsSchema } from './chat.js';

/**
 * SPEC 5 "Model parameter ranges" as data. The server applies it before calling a provider
 * (clamping what the user set, filling the defaults a vendor must receive) and the web
 * parameters panel draws its sliders from the same table.
 */

/** Endpoint families with a parameter table; custom and azureOpenAI share openAI's. */
export type ParameterFamily = 'openAI' | 'azureOpenAI' | 'custom' | 'google' | 'anthropic' | 'bedrock';

export const BEDROCK_SUB_PROVIDERS = ['anthropic', 'mistral', 'cohere', 'meta', 'ai21', 'amazon', 'deepseek'] as const;
export type BedrockSubProvider = (typeof BEDROCK_SUB_PROVIDERS)[number];

/** Settings the providers read that the conversation schema does not carry yet (SPEC 3). */
export const providerSettingsSchema = modelSettingsSchema.pick({ thinking: true, thinkingBudget: true, promptCache: true, maxTokens: true });
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

export type ParameterKey =
  | 'temperature'
  | 'top_p'
  | 'topP'
  | 'topK'
  | 'presence_penalty'
  | 'frequency_penalty'
  | 'max_tokens'
  | 'maxOutputTokens'
  | 'maxTokens'
  | 'thinking'
  | 'thinkingBudget'
  | 'promptCache'
  | 'imageDetail'
  | 'reasoning_effort'
  | 'resendFiles';

export type ParameterValue = number | string | boolean;
export type ParameterValues = { [K in ParameterKey]?: ParameterValue | null | undefined };

interface ParameterBase {
  key: ParameterKey;
  /**
   * The server sends the default when the user left the setting unset. Off where the vendor's
   * own default is the same, or where sending it would be refused (e.g. reasoning_effort to a
   * model that does not reason, top_p next to temperature on newer Claude models).
   */
  isSentByDefault?: boolean;
}
export interface NumberParameter extends ParameterBase {
  type: 'number';
  min: number;
  max: number;
  step: number;
  default?: number;
  /** Other setting names carrying the same value (max_tokens for maxOutputTokens). */
  aliases?: ParameterKey[];
}
export interface BooleanParameter extends ParameterBase {
  type: 'boolean';
  default: boolean;
}
export interface EnumParameter extends ParameterBase {
  type: 'enum';
  options: readonly string[];
  default: string;
}
export type ParameterDefinition = NumberParameter | BooleanParameter | EnumParameter;

const ANTHROPIC_MAX_OUTPUT = 128_000;
const ANTHROPIC_DEFAULT_OUTPUT = 8192;
const ANTHROPIC_LEGACY_OUTPUT = 4096;

/** Claude 3.5 Sonnet, 3.7 and Claude 4 or later write long replies; older models are capped at 4096 tokens. */
export function isLongOutputClaude(model: string): boolean {
  return /claude-3[-.]5-sonnet|claude-3[-.]7|claude-(?:sonnet|opus|haiku)-[4-9]|claude-[4-9]/.test(model);
}

/** Extended thinking exists from Claude 3.7 on. */
export function supportsClaudeThinking(model: string): boolean {
  return /claude-3[-.]7|claude-(?:sonnet|opus|haiku)-[4-9]|claude-[4-9]/.test(model);
}

/**
 * The sub-provider of a Bedrock model id: `anthropic.claude-3-5-sonnet-...-v2:0`, also behind a
 * cross-region prefix (`us.`, `eu.`, `apac.`, `global.`). Unknown ids (ARNs of inference
 * profiles) give undefined.
 */
export function getBedrockSubProvider(modelId: string): BedrockSubProvider | undefined {
  const withoutRegion = modelId.replace(/^(?:us|eu|apac|us-gov|global|jp|au|ca)\./, '');
  const vendor = withoutRegion.split('.')[0];
  return (BEDROCK_SUB_PROVIDERS as readonly string[]).includes(vendor ?? '')
    ? (vendor as BedrockSubProvider)
    : undefined;
}

const num = (
  key: ParameterKey,
  min: number,
  max: number,
  step: number,
  rest: Partial<NumberParameter> = {},
): NumberParameter => ({
  type: 'number',
  key,
  min,
  max,
  step,
  ...rest,
});

const OPENAI_PARAMETERS: ParameterDefinition[] = [
  num('temperature', 0, 2, 0.01, { default: 1 }),
  num('top_p', 0, 1, 0.01, { default: 1 }),
  num('presence_penalty', 0, 2, 0.01, { default: 0 }),
  num('frequency_penalty', 0, 2, 0.01, { default: 0 }),
  { type: 'enum', key: 'imageDetail', options: ['low', 'auto', 'high'], default: 'auto' },
  { type: 'enum', key: 'reasoning_effort', options: ['low', 'medium', 'high'], default: 'medium' },
  { type: 'boolean', key: 'resendFiles', default: true },
];

const GOOGLE_PARAMETERS: ParameterDefinition[] = [
  num('maxOutputTokens', 1, 64_000, 1, { default: 8192, isSentByDefault: true, aliases: ['max_tokens', 'maxTokens'] }),
  num('temperature', 0, 2, 0.01, { default: 1, isSentByDefault: true }),
  num('topP', 0, 1, 0.01, { default: 0.95, isSentByDefault: true, aliases: ['top_p'] }),
  num('topK', 1, 40, 1, { default: 40, isSentByDefault: true }),
  { type: 'boolean', key: 'resendFiles', default: true },
];

function anthropicOutput(model: string, isSentByDefault: boolean): NumberParameter {
  const isLong = isLongOutputClaude(model);
  return num('maxOutputTokens', 1, isLong ? ANTHROPIC_MAX_OUTPUT : ANTHROPIC_LEGACY_OUTPUT, 1, {
    default: isLong ? ANTHROPIC_DEFAULT_OUTPUT : ANTHROPIC_LEGACY_OUTPUT,
    isSentByDefault,
    aliases: ['max_tokens', 'maxTokens'],
  });
}

const THINKING_PARAMETERS: ParameterDefinition[] = [
  { type: 'boolean', key: 'thinking', default: true, isSentByDefault: true },
  num('thinkingBudget', 1024, 200_000, 100, { default: 2000, isSentByDefault: true }),
];

function anthropicParameters(model: string): ParameterDefinition[] {
  return [
    // 1 is the API's own default; topP/topK are not sent unasked because newer Claude models
    // refuse top_p next to temperature.
    num('temperature', 0, 1, 0.01, { default: 1 }),
    num('topP', 0, 1, 0.01, { default: 0.7, aliases: ['top_p'] }),
    num('topK', 1, 40, 1, { default: 5 }),
    anthropicOutput(model, true),
    ...THINKING_PARAMETERS,
    { type: 'boolean', key: 'promptCache', default: true, isSentByDefault: true },
    { type: 'boolean', key: 'resendFiles', default: true },
  ];
}

const BEDROCK_SAMPLING: Record<
  BedrockSubProvider | 'general',
  { temperature: number; topP: number; topPRange?: [number, number] }
> = {
  anthropic: { temperature: 1, topP: 0.999 },
  mistral: { temperature: 0.7, topP: 0.9 },
  cohere: { temperature: 0.3, topP: 0.75, topPRange: [0.01, 0.99] },
  // LibreChat's "bedrockGeneral": meta, ai21 and the others alike.
  meta: { temperature: 0.5, topP: 0.9 },
  ai21: { temperature: 0.5, topP: 0.9 },
  amazon: { temperature: 0.5, topP: 0.9 },
  deepseek: { temperature: 0.5, topP: 0.9 },
  general: { temperature: 0.5, topP: 0.9 },
};

function bedrockParameters(model: string): ParameterDefinition[] {
  const sub = getBedrockSubProvider(model);
  const sampling = BEDROCK_SAMPLING[sub ?? 'general'];
  const [topPMin, topPMax] = sampling.topPRange ?? [0, 1];
  const list: ParameterDefinition[] = [
    num('temperature', 0, 1, 0.01, { default: sampling.temperature, isSentByDefault: true }),
    num('topP', topPMin, topPMax, 0.001, { default: sampling.topP, isSentByDefault: true, aliases: ['top_p'] }),
    num('topK', 0, 500, 1),
  ];
  if (sub === 'anthropic') list.push(anthropicOutput(model, true), ...THINKING_PARAMETERS);
  else list.push(num('maxTokens', 1, 128_000, 1, { aliases: ['maxOutputTokens', 'max_tokens'] }));
  list.push({ type: 'boolean', key: 'resendFiles', default: true });
  return list;
}

/** The parameters of a family (and, for Anthropic and Bedrock, of the model). */
export function getParameterDefinitions(family: ParameterFamily, model: string): ParameterDefinition[] {
  switch (family) {
    case 'openAI':
    case 'azureOpenAI':
    case 'custom':
      return OPENAI_PARAMETERS;
    case 'google':
      return GOOGLE_PARAMETERS;
    case 'anthropic':
      return anthropicParameters(model);
    case 'bedrock':
      return bedrockParameters(model);
  }
}

/**
 * The default of every parameter that has one, as the parameters panel starts.
 * @example getParameterDefaults('bedrock', 'cohere.command-r-v1:0') // { temperature: 0.3, topP: 0.75, ... }
 */
export function getParameterDefaults(family: ParameterFamily, model: string): ParameterValues {
  const defaults: ParameterValues = {};
  for (const definition of getParameterDefinitions(family, model)) {
    if (definition.default !== undefined) defaults[definition.key] = definition.default;
  }
  return defaults;
}

/**
 * Keeps a number inside its parameter's range (the slider clamps the same way); whole-number
 * parameters (step 1 or more) are rounded.
 * @example clampParameter({ type: 'number', key: 'temperature', min: 0, max: 1, step: 0.01 }, 1.7) // 1
 */
export function clampParameter(definition: Pick<NumberParameter, 'min' | 'max' | 'step'>, value: number): number {
  const clamped = Math.min(definition.max, Math.max(definition.min, value));
  return definition.step >= 1 ? Math.round(clamped) : clamped;
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * What the server sends: every numeric setting clamped to the family's range (values under an
 * alias are moved to the parameter's own key), and defaults filled for parameters the vendor
 * must receive. Settings the table does not know pass through unchanged.
 */
export function applyParameterRules<T extends ParameterValues>(
  family: ParameterFamily,
  model: string,
  settings: T,
): T & ParameterValues {
  const result: ParameterValues = { ...settings };
  for (const definition of getParameterDefinitions(family, model)) {
    let value = result[definition.key];
    if (!isSet(value) && definition.type === 'number') {
      const alias = definition.aliases?.find((a) => isSet(result[a]));
      if (alias) value = result[alias];
    }
    if (isSet(value)) {
      if (definition.type === 'number' && typeof value === 'number')
        result[definition.key] = clampParameter(definition, value);
      else if (definition.type === 'enum' && !definition.options.includes(String(value)))
        result[definition.key] = definition.default;
      else result[definition.key] = value;
    } else if (definition.isSentByDefault && definition.default !== undefined) {
      result[definition.key] = definition.default;
    }
  }
  return result as T & ParameterValues;
}
