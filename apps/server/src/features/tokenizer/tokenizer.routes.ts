import { tokenizerSchema } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { TEXT_BODY_LIMIT } from '../../platform/body-limits.js';
import { refuseWhenLimited, type LimiterFactory } from '../../platform/limiter.js';
import { parseInput } from '../../platform/parse.js';
import { countTokens } from './count-tokens.js';

/**
 * Characters one user may have counted a minute: a few long messages' worth, far more than a
 * person typing needs, while counting costs up to ~3 µs a character (text without spaces), so
 * nobody can keep the server busy with it.
 */
const CHARACTERS_PER_MINUTE = 2_000_000;

export async function tokenizerRoutes(app: FastifyInstance, opts: { limiter: LimiterFactory }): Promise<void> {
  const perUser = opts.limiter({ keyPrefix: 'tokenizer_user', points: CHARACTERS_PER_MINUTE, durationSeconds: 60 });

  /** LibreChat's token counter: `{ arg: text }` answers `{ count }`. */
  app.post('/api/tokenizer', { preHandler: app.authenticate, bodyLimit: TEXT_BODY_LIMIT }, async (request, reply) => {
    const { arg: text } = parseInput(tokenizerSchema, request.body);
    await refuseWhenLimited(reply, 'Too much text counted', perUser.consume(request.user.id, Math.max(1, text.length)));
    return { count: await countTokens(text) };
  });
}
