import {
  CHAT_LIMITS,
  clampParameter,
  getParameterDefinitions,
  type ModelSettings,
  type ParameterDefinition,
  type ParameterFamily,
} from '@confab/shared';
import { isKnownSetting } from '../chat/header/conversation-settings';

type SettingKey = Exclude<keyof ModelSettings, 'model'>;

export type PanelField =
  | { kind: 'slider'; key: SettingKey; min: number; max: number; step: number; default?: number | undefined }
  | {
      kind: 'number';
      key: SettingKey;
      min: number;
      max?: number | undefined;
      step: number;
      default?: number | undefined;
    }
  | { kind: 'enum'; key: SettingKey; options: readonly string[]; default: string }
  | { kind: 'boolean'; key: SettingKey; default: boolean }
  | { kind: 'text'; key: SettingKey }
  | { kind: 'tags'; key: SettingKey; max: number };

export type PanelSectionId = 'instructions' | 'sampling' | 'output' | 'advanced';
export interface PanelSection {
  id: PanelSectionId;
  fields: PanelField[];
}

const SAMPLING_KEYS = new Set<string>([
  'temperature',
  'top_p',
  'topP',
  'topK',
  'presence_penalty',
  'frequency_penalty',
]);
const OUTPUT_LIMIT_KEYS = new Set<string>(['maxOutputTokens', 'max_tokens', 'maxTokens']);
const OUTPUT_KEYS = new Set<string>([...OUTPUT_LIMIT_KEYS, 'thinkingBudget']);

/**
 * Models that take `reasoning_effort` (SPEC 3): OpenAI's o-series and GPT-5, and reasoning
 * models served under other names (DeepSeek R1, QwQ, Grok 3 mini, "-reasoning"/"-thinking").
 */
export function isReasoningModel(model: string): boolean {
  return /(^|[/:.-])o[1-9](?=$|[-.:])|gpt-5|reason|deepseek-r1|(^|[-/])r1($|-)|qwq|grok-3-mini|thinking/i.test(model);
}

function toField(definition: ParameterDefinition): PanelField | null {
  if (!isKnownSetting(definition.key)) return null;
  switch (definition.type) {
    case 'number':
      return {
        kind: 'slider',
        key: definition.key,
        min: definition.min,
        max: definition.max,
        step: definition.step,
        default: definition.default,
      };
    case 'enum':
      return { kind: 'enum', key: definition.key, options: definition.options, default: definition.default };
    case 'boolean':
      return { kind: 'boolean', key: definition.key, default: definition.default };
  }
}

/**
 * The parameters panel of an endpoint family and model (SPEC 5 ranges and defaults, from the
 * shared table): custom instructions, sampling sliders, output limits, then the rest. Settings
 * the send body cannot carry yet are left out, so no control is shown that would do nothing.
 */
export function getPanelSections(family: ParameterFamily | null, model: string): PanelSection[] {
  const instructions: PanelSection = { id: 'instructions', fields: [{ kind: 'text', key: 'promptPrefix' }] };
  if (!family) return [instructions];
  const fields = getParameterDefinitions(family, model)
    .filter((d) => d.key !== 'reasoning_effort' || isReasoningModel(model))
    .map(toField)
    .filter((f): f is PanelField => f !== null);
  const sampling = fields.filter((f) => SAMPLING_KEYS.has(f.key));
  const output = fields.filter((f) => OUTPUT_KEYS.has(f.key));
  const advanced = fields.filter((f) => !SAMPLING_KEYS.has(f.key) && !OUTPUT_KEYS.has(f.key));
  // OpenAI-style endpoints have no output limit in the table: max_tokens, unset by default.
  if (!output.some((f) => OUTPUT_LIMIT_KEYS.has(f.key))) {
    output.unshift({ kind: 'number', key: 'max_tokens', min: 1, step: 1 });
  }
  output.push({ kind: 'number', key: 'maxContextTokens', min: 1, step: 1 });
  advanced.push({ kind: 'tags', key: 'stop', max: CHAT_LIMITS.maxStopSequences });
  const sections: PanelSection[] = [
    instructions,
    { id: 'sampling', fields: sampling },
    { id: 'output', fields: output },
    { id: 'advanced', fields: advanced },
  ];
  return sections.filter((s) => s.fields.length > 0);
}

/**
 * SPEC 5, "the number slider clamps to its min and max": a typed value is kept in range and
 * whole-number settings are rounded. Empty or unreadable input means unset (null).
 * @example clampInput({ min: 0, max: 2, step: 0.01 }, '3') // 2
 */
export function clampInput(
  field: { min: number; max?: number | undefined; step: number },
  input: string,
): number | null {
  const text = input.trim().replace(',', '.');
  if (!text) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  const clamped = clampParameter(
    { min: field.min, max: field.max ?? Number.MAX_SAFE_INTEGER, step: field.step },
    value,
  );
  // Slider steps of 0.01 must not leave 0.30000000000000004 behind.
  return field.step >= 1 ? clamped : Number(clamped.toFixed(decimalsOf(field.step)));
}

export function decimalsOf(step: number): number {
  if (step >= 1) return 0;
  const [, fraction = ''] = String(step).split('.');
  return fraction.length;
}

/** A number as the panel shows it: as many decimals as its step. */
export function formatParameter(value: number, step: number): string {
  return step >= 1 ? String(Math.round(value)) : value.toFixed(decimalsOf(step));
}

/**
 * SPEC 5, "Stop sequences: up to 4": adds one (trimmed, not blank, not twice); the list is
 * returned unchanged when it is full.
 */
export function addStopSequence(
  list: readonly string[],
  value: string,
  max: number = CHAT_LIMITS.maxStopSequences,
): string[] {
  const sequence = value.replace(/^\s+|\s+$/g, '');
  if (!sequence || list.includes(sequence) || list.length >= max) return [...list];
  return [...list, sequence];
}
