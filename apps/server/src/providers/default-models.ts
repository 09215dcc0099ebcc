import { DEFAULT_MODELS } from '@confab/shared';

/**
 * The model lists offered when the environment names none. The first of each list is the
 * endpoint's default model (SPEC 9 for openAI, google and anthropic).
 */
export const OPENAI_DEFAULT_MODELS = [DEFAULT_MODELS.openAI, 'gpt-4o', 'gpt-4.1', 'gpt-4.1-mini', 'o4-mini', 'o3'];

export const AZURE_DEFAULT_MODELS = [DEFAULT_MODELS.openAI, 'gpt-4o', 'gpt-4.1', 'gpt-4.1-mini', 'o4-mini'];

export const ANTHROPIC_DEFAULT_MODELS = [
  DEFAULT_MODELS.anthropic,
  'claude-sonnet-4-5',
  'claude-sonnet-4-20250514',
  'claude-opus-4-1-20250805',
  'claude-3-7-sonnet-latest',
  'claude-3-5-haiku-latest',
  'claude-3-opus-latest',
];

export const GOOGLE_DEFAULT_MODELS = [
  DEFAULT_MODELS.google,
  'gemini-2.5-flash',
  'gemini-2.5-pro',
  'gemini-2.0-flash',
  'gemini-2.0-flash-lite',
  'gemini-1.5-pro-latest',
];

/** One model of each Bedrock sub-provider at least, current ones first. */
export const BEDROCK_DEFAULT_MODELS = [
  'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
  'us.anthropic.claude-sonnet-4-20250514-v1:0',
  'anthropic.claude-3-5-haiku-20241022-v1:0',
  'us.deepseek.r1-v1:0',
  'mistral.mistral-large-2407-v1:0',
  'cohere.command-r-plus-v1:0',
  'meta.llama3-1-70b-instruct-v1:0',
  'ai21.jamba-1-5-large-v1:0',
  'amazon.nova-pro-v1:0',
  'amazon.nova-lite-v1:0',
];

/** A comma-separated list from the environment, or the defaults. */
export function parseModelList(value: string | undefined, defaults: string[]): string[] {
  const models = value
    ? value
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean)
    : [];
  return models.length ? models : defaults;
}
