import { modelSettingsSchema, type ModelSettings } from '@confab/shared';

/** What a chat URL query asks for (SPEC 2, URL query on the chat page). */
export interface ChatQuery {
  /** From `prompt` or `q`. */
  text: string | null;
  /** `submit=true`: send the text at once. */
  submit: boolean;
  endpoint: string | null;
  model: string | null;
  settings: ModelSettings;
}

const NUMERIC_KEYS = new Set([
  'temperature',
  'top_p',
  'topP',
  'topK',
  'frequency_penalty',
  'presence_penalty',
  'max_tokens',
  'maxOutputTokens',
  'maxContextTokens',
]);
const BOOLEAN_KEYS = new Set(['resendFiles']);
const SETTING_KEYS = Object.keys(modelSettingsSchema.shape).filter((k) => k !== 'model') as (keyof ModelSettings)[];

function coerce(key: string, raw: string): unknown {
  if (NUMERIC_KEYS.has(key)) return raw.trim() === '' ? undefined : Number(raw);
  if (BOOLEAN_KEYS.has(key)) return raw === 'true' ? true : raw === 'false' ? false : undefined;
  if (key === 'stop')
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return raw;
}

/** True when the query holds anything the chat page acts on. */
export function hasChatQuery(params: URLSearchParams): boolean {
  for (const key of params.keys()) {
    if (
      key === 'prompt' ||
      key === 'q' ||
      key === 'submit' ||
      key === 'endpoint' ||
      key === 'model' ||
      SETTING_KEYS.includes(key as keyof ModelSettings)
    )
      return true;
  }
  return false;
}

/**
 * Reads the chat query: `prompt`/`q` set the text, `submit=true` sends it, `endpoint` and
 * `model` choose the model, and the other model settings apply when each value is valid
 * (invalid values are ignored rather than sent).
 */
export function parseChatQuery(params: URLSearchParams): ChatQuery {
  const text = params.get('prompt') ?? params.get('q');
  const settings: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const value = coerce(key, raw);
    if (value === undefined) continue;
    const parsed = modelSettingsSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined && parsed.data !== null) settings[key] = parsed.data;
  }
  return {
    text: text === null ? null : text,
    submit: params.get('submit') === 'true',
    endpoint: params.get('endpoint') || null,
    model: params.get('model') || null,
    settings: settings as ModelSettings,
  };
}
