import type { TokenBalanceError, TokenRate } from '@confab/shared';
import type { AppConfig } from '../../config/config-schema.js';
import type { Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import { newId } from '../../platform/ids.js';
import { createPricing } from '../../providers/pricing.js';
import type { ChatTurn } from '../../providers/types.js';
import { recordViolation } from '../account/violations.js';
import { countTokens } from '../tokenizer/count-tokens.js';
import { credit, debitUpTo, readCredits, tryDebit } from './ledger.js';
import { prepareBalance } from './refill.js';

/**
 * The completion tokens held for when the request names no max output tokens. Far below most
 * models' ceilings on purpose: the default start balance (20,000 credits, 2 US cents) would not
 * hold gpt-4o's 4,096 × 10 credits, and a reply that runs past what was held still pays in full
 * (the rest is taken after it, down to zero at most).
 */
export const DEFAULT_COMPLETION_ALLOWANCE = 1024;

/** OpenAI's framing of a chat: a few tokens a message, and the reply's priming. */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_REPLY = 3;

/** Tokens of a history as a prompt (its text, tool calls and results), counted with o200k_base. */
export async function countPromptTokens(history: readonly ChatTurn[]): Promise<number> {
  let total = TOKENS_PER_REPLY;
  for (const turn of history) {
    total += TOKENS_PER_MESSAGE + (await countTokens(turn.content));
    for (const segment of turn.segments ?? []) {
      if (segment.type === 'tool')
        total += await countTokens(`${segment.name}${JSON.stringify(segment.input)}${segment.output}`);
    }
  }
  return total;
}

export interface UsedTokens {
  promptTokens: number;
  completionTokens: number;
}

export interface GenerationRefs {
  userId: string;
  model: string;
  endpoint: string;
  conversationId: string;
  messageId: string;
}

/** The credits held for one generation, settled once against what it used. */
export interface BalanceHold {
  readonly promptTokens: number;
  settle(used: UsedTokens): Promise<void>;
}

export type HoldResult = { hold: BalanceHold } | { refused: TokenBalanceError };

const NO_HOLD: BalanceHold = { promptTokens: 0, settle: async () => {} };

/**
 * The token balance around generations (ARCHITECTURE, "One ledger"). Before the provider is
 * called, the estimated cost is held: prompt tokens × the prompt rate plus the completion
 * allowance (the request's max output tokens, else DEFAULT_COMPLETION_ALLOWANCE) × the completion
 * rate, taken with a conditional debit so parallel requests can never overdraw. After it, the
 * hold is released and the real cost is spent as LibreChat records it (a 'prompt' and a
 * 'completion' row), in one transaction; a cost above what was held is taken down to zero at most.
 *
 * The release is named by the hold's id (a 'refund' credit with that externalId), so a hold is
 * never released twice. If the process dies mid-generation the hold stays spent: the user has
 * paid the estimate for that reply, never more and never twice.
 */
export class GenerationBilling {
  private readonly price: (model: string) => TokenRate;

  constructor(
    private readonly db: Db,
    private readonly env: Env,
    private readonly config: AppConfig,
  ) {
    this.price = createPricing(config.pricing);
  }

  get enabled(): boolean {
    return this.config.balance.enabled;
  }

  rateOf(model: string): TokenRate {
    return this.price(model);
  }

  async hold(
    refs: GenerationRefs,
    history: readonly ChatTurn[],
    maxOutputTokens: number | null | undefined,
  ): Promise<HoldResult> {
    // Off: no check, no count (the tokenizer's tables are not even loaded), no rows.
    if (!this.enabled) return { hold: NO_HOLD };
    const promptTokens = await countPromptTokens(history);
    const rate = this.price(refs.model);
    const allowance = maxOutputTokens && maxOutputTokens > 0 ? maxOutputTokens : DEFAULT_COMPLETION_ALLOWANCE;
    const tokenCost = Math.ceil(promptTokens * rate.prompt + allowance * rate.completion);
    const holdId = newId();
    const outcome = await this.db.kysely.transaction().execute(async (trx) => {
      await prepareBalance(trx, refs.userId, this.config.balance);
      const held = await tryDebit(trx, refs.userId, tokenCost, {
        kind: 'spend',
        context: 'hold',
        externalId: holdId,
        model: refs.model,
        endpoint: refs.endpoint,
        conversationId: refs.conversationId,
        messageId: refs.messageId,
      });
      return { held, balance: held ? 0 : ((await readCredits(trx, refs.userId)) ?? 0) };
    });
    if (!outcome.held) {
      const refused: TokenBalanceError = {
        type: 'token_balance',
        balance: outcome.balance,
        tokenCost,
        promptTokens,
        generations: 0,
      };
      // Recorded with no score, as LibreChat logs it: running out of credits is no misconduct.
      await recordViolation(this.db, this.env, {
        userId: refs.userId,
        type: 'token_balance',
        score: 0,
        details: { ...refused, model: refs.model, endpoint: refs.endpoint },
      }).catch(() => {});
      return { refused };
    }
    return { hold: this.heldFor(refs, holdId, tokenCost, rate, promptTokens) };
  }

  private heldFor(
    refs: GenerationRefs,
    holdId: string,
    held: number,
    rate: TokenRate,
    promptTokens: number,
  ): BalanceHold {
    let settled = false;
    const shared = {
      model: refs.model,
      endpoint: refs.endpoint,
      conversationId: refs.conversationId,
      messageId: refs.messageId,
    };
    return {
      promptTokens,
      settle: async (used) => {
        if (settled) return;
        settled = true;
        await this.db.kysely.transaction().execute(async (trx) => {
          if (held > 0) {
            const released = await credit(trx, refs.userId, held, {
              ...shared,
              kind: 'refund',
              context: 'hold_release',
              externalId: holdId,
            });
            if (!released) return;
          }
          await debitUpTo(trx, refs.userId, used.promptTokens * rate.prompt, {
            ...shared,
            kind: 'spend',
            tokenType: 'prompt',
            rawAmount: -used.promptTokens,
            rate: rate.prompt,
            context: 'message',
          });
          await debitUpTo(trx, refs.userId, used.completionTokens * rate.completion, {
            ...shared,
            kind: 'spend',
            tokenType: 'completion',
            rawAmount: -used.completionTokens,
            rate: rate.completion,
            context: 'message',
          });
        });
      },
    };
  }
}
