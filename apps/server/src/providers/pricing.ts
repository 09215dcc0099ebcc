import type { TokenRate } from '@confab/shared';

/**
 * What a model costs, in USD per million tokens, which is also credits per token (1,000,000
 * credits are 1 USD, as in LibreChat). The figures are LibreChat's `tokenValues` (api/models/tx.js)
 * for the common OpenAI, Anthropic, Google, xAI, Mistral, DeepSeek, Qwen and Bedrock models.
 *
 * A model is priced by the longest key its name contains (case-insensitive), as LibreChat finds
 * it: `gpt-4o-mini-2024-07-18` is `gpt-4o-mini`, `anthropic.claude-3-5-sonnet-20240620-v1:0` is
 * `claude-3-5-sonnet`. A model no key matches costs the default rate.
 */
export const DEFAULT_TOKEN_RATE: TokenRate = { prompt: 6, completion: 6 };

const rate = (prompt: number, completion: number): TokenRate => ({ prompt, completion });

export const TOKEN_RATES: Readonly<Record<string, TokenRate>> = {
  // OpenAI
  'gpt-3.5-turbo-1106': rate(1, 2),
  'gpt-3.5-turbo-0125': rate(0.5, 1.5),
  'gpt-4-1106': rate(10, 30),
  'gpt-4.1': rate(2, 8),
  'gpt-4.1-nano': rate(0.1, 0.4),
  'gpt-4.1-mini': rate(0.4, 1.6),
  'gpt-4.5': rate(75, 150),
  'gpt-4o': rate(2.5, 10),
  'gpt-4o-2024-05-13': rate(5, 15),
  'gpt-4o-mini': rate(0.15, 0.6),
  'gpt-5': rate(1.25, 10),
  'gpt-5-nano': rate(0.05, 0.4),
  'gpt-5-mini': rate(0.25, 2),
  'gpt-5-pro': rate(15, 120),
  'gpt-oss': rate(0.05, 0.2),
  'gpt-oss-20b': rate(0.05, 0.2),
  'gpt-oss:20b': rate(0.05, 0.2),
  'gpt-oss-120b': rate(0.15, 0.6),
  'gpt-oss:120b': rate(0.15, 0.6),
  o1: rate(15, 60),
  'o1-mini': rate(1.1, 4.4),
  'o1-preview': rate(15, 60),
  o3: rate(2, 8),
  'o3-mini': rate(1.1, 4.4),
  'o4-mini': rate(1.1, 4.4),
  // Anthropic
  'claude-': rate(0.8, 2.4),
  'claude-instant': rate(0.8, 2.4),
  'claude-2': rate(8, 24),
  'claude-2.1': rate(8, 24),
  'claude-3-haiku': rate(0.25, 1.25),
  'claude-3-sonnet': rate(3, 15),
  'claude-3-opus': rate(15, 75),
  'claude-3-5-haiku': rate(0.8, 4),
  'claude-3.5-haiku': rate(0.8, 4),
  'claude-3-5-sonnet': rate(3, 15),
  'claude-3.5-sonnet': rate(3, 15),
  'claude-3-7-sonnet': rate(3, 15),
  'claude-3.7-sonnet': rate(3, 15),
  'claude-haiku-4-5': rate(1, 5),
  'claude-opus-4': rate(15, 75),
  'claude-opus-4-5': rate(5, 25),
  'claude-sonnet-4': rate(3, 15),
  // Google
  gemini: rate(0.5, 1.5),
  'gemini-pro-vision': rate(0.5, 1.5),
  'gemini-1.5': rate(2.5, 10),
  'gemini-1.5-flash': rate(0.15, 0.6),
  'gemini-1.5-flash-8b': rate(0.075, 0.3),
  'gemini-2.0': rate(0.1, 0.4),
  'gemini-2.0-flash': rate(0.1, 0.4),
  'gemini-2.0-flash-lite': rate(0.075, 0.3),
  'gemini-2.5': rate(0.3, 2.5),
  'gemini-2.5-flash': rate(0.3, 2.5),
  'gemini-2.5-flash-lite': rate(0.1, 0.4),
  'gemini-2.5-pro': rate(1.25, 10),
  'gemini-3': rate(2, 12),
  gemma: rate(0.02, 0.04),
  'gemma-2': rate(0.01, 0.03),
  'gemma-3': rate(0.02, 0.04),
  'gemma-3-27b': rate(0.09, 0.16),
  // xAI
  grok: rate(2, 10),
  'grok-beta': rate(5, 15),
  'grok-vision-beta': rate(5, 15),
  'grok-2': rate(2, 10),
  'grok-3': rate(3, 15),
  'grok-3-fast': rate(5, 25),
  'grok-3-mini': rate(0.3, 0.5),
  'grok-3-mini-fast': rate(0.6, 4),
  'grok-4': rate(3, 15),
  'grok-4-fast': rate(0.2, 0.5),
  'grok-4-1-fast': rate(0.2, 0.5),
  'grok-code-fast': rate(0.2, 1.5),
  // Mistral
  codestral: rate(0.3, 0.9),
  'ministral-3b': rate(0.04, 0.04),
  'ministral-8b': rate(0.1, 0.1),
  'mistral-7b': rate(0.15, 0.2),
  'mistral-small': rate(0.15, 0.2),
  'mistral-nemo': rate(0.15, 0.15),
  'mistral-saba': rate(0.2, 0.6),
  'mistral-large': rate(2, 6),
  'mistral-large-2402': rate(4, 12),
  'mistral-large-2407': rate(3, 9),
  'pixtral-large': rate(2, 6),
  'mixtral-8x7b': rate(0.45, 0.7),
  'mixtral-8x22b': rate(0.65, 0.65),
  // Cohere
  command: rate(0.38, 0.38),
  'command-r': rate(0.5, 1.5),
  'command-r-plus': rate(3, 15),
  'command-text': rate(1.5, 2),
  'command-light': rate(0.3, 0.6),
  // DeepSeek
  deepseek: rate(0.28, 0.42),
  'deepseek-chat': rate(0.28, 0.42),
  'deepseek-reasoner': rate(0.28, 0.42),
  'deepseek-r1': rate(0.4, 2),
  'deepseek-v3': rate(0.2, 0.8),
  'deepseek.r1': rate(1.35, 5.4),
  // Qwen, Kimi, GLM
  qwen: rate(0.08, 0.33),
  'qwen2.5': rate(0.08, 0.33),
  'qwen-turbo': rate(0.05, 0.2),
  'qwen-plus': rate(0.4, 1.2),
  'qwen-max': rate(1.6, 6.4),
  qwen3: rate(0.035, 0.138),
  'qwen3-max': rate(1.2, 6),
  'qwen3-coder': rate(0.22, 0.95),
  kimi: rate(0.14, 2.49),
  'glm-4': rate(0.1, 0.1),
  'glm-4.5': rate(0.35, 1.55),
  'glm-4.6': rate(0.5, 1.75),
  // Bedrock: Meta, Amazon, AI21
  llama2: rate(0.75, 1),
  'llama-2': rate(0.75, 1),
  'llama2-70b': rate(1.95, 2.56),
  llama3: rate(0.3, 0.6),
  'llama-3': rate(0.3, 0.6),
  'llama3-70b': rate(2.65, 3.5),
  'llama3-1': rate(0.22, 0.22),
  'llama3-1-70b': rate(0.72, 0.72),
  'llama3-1-405b': rate(2.4, 2.4),
  'llama3-2': rate(0.1, 0.1),
  'llama3-3': rate(2.65, 3.5),
  'llama3.1': rate(0.22, 0.22),
  'llama3.1:70b': rate(0.72, 0.72),
  'llama3.1:405b': rate(2.4, 2.4),
  'llama3.2': rate(0.1, 0.1),
  'llama3.3': rate(2.65, 3.5),
  'llama-3.1': rate(0.22, 0.22),
  'llama-3.1-70b': rate(0.72, 0.72),
  'llama-3.1-405b': rate(2.4, 2.4),
  'llama-3.2': rate(0.1, 0.1),
  'llama-3.3': rate(2.65, 3.5),
  'titan-text-lite': rate(0.15, 0.2),
  'titan-text-express': rate(0.2, 0.6),
  'titan-text-premier': rate(0.5, 1.5),
  'nova-micro': rate(0.035, 0.14),
  'nova-lite': rate(0.06, 0.24),
  'nova-pro': rate(0.8, 3.2),
  'nova-premier': rate(2.5, 12.5),
  'j2-mid': rate(12.5, 12.5),
  'j2-ultra': rate(18.8, 18.8),
  'jamba-instruct': rate(0.5, 0.7),
};

/**
 * Older OpenAI names LibreChat prices by their context size when no key above matches
 * (`gpt-4-0613` as gpt-4 8k), checked in this order.
 */
const LEGACY_OPENAI: readonly [string, TokenRate][] = [
  ['gpt-3.5-turbo-16k', rate(3, 4)],
  ['gpt-3.5', rate(1.5, 2)],
  ['gpt-4-vision', rate(10, 30)],
  ['gpt-4-0125', rate(10, 30)],
  ['gpt-4-turbo', rate(10, 30)],
  ['gpt-4-32k', rate(60, 120)],
  ['gpt-4', rate(30, 60)],
];

/** The key of `table` a model is priced by: the longest one its name contains. */
export function matchRateKey(model: string, table: Readonly<Record<string, TokenRate>>): string | undefined {
  const name = model.toLowerCase();
  let best: string | undefined;
  for (const key of Object.keys(table)) {
    if (name.includes(key.toLowerCase()) && (best === undefined || key.length > best.length)) best = key;
  }
  return best;
}

export interface PricingConfig {
  default?: TokenRate | undefined;
  models?: Record<string, TokenRate> | undefined;
}

/** Prices models: config.pricing.models first (longest key wins), then the table, then the default. */
export function createPricing(config: PricingConfig | undefined): (model: string) => TokenRate {
  const overrides = config?.models ?? {};
  const fallback = config?.default ?? DEFAULT_TOKEN_RATE;
  return (model) => {
    const override = matchRateKey(model, overrides);
    if (override) return overrides[override] as TokenRate;
    const key = matchRateKey(model, TOKEN_RATES);
    if (key) return TOKEN_RATES[key] as TokenRate;
    const name = model.toLowerCase();
    const legacy = LEGACY_OPENAI.find(([prefix]) => name.includes(prefix));
    return legacy ? legacy[1] : fallback;
  };
}
