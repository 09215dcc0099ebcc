import type { TokenUsage } from '@confab/shared';
import { countTokens } from '../tokenizer/count-tokens.js';
import type { UsedTokens } from './generation-billing.js';

/**
 * What a generation is charged for: the provider's reported usage (a tool loop's covers every
 * step), else counted tokens. A stream stopped or failed before the model wrote anything used
 * nothing, and is charged nothing. Otherwise the prompt is counted once a model call the loop
 * began: each finished step, and the one it was stopped in.
 */
export async function usedTokens(
  usage: TokenUsage | undefined,
  promptTokens: number,
  generated: string,
  stepsFinished: number,
): Promise<UsedTokens> {
  if (usage && usage.promptTokens + usage.completionTokens > 0) {
    return { promptTokens: usage.promptTokens, completionTokens: usage.completionTokens };
  }
  if (!generated) return { promptTokens: 0, completionTokens: 0 };
  return { promptTokens: promptTokens * (stepsFinished + 1), completionTokens: await countTokens(generated) };
}
