import { confirmTwoFactorSchema, twoFactorCodeSchema, verifyTempSchema, type TwoFactorCodeInput } from '@confab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { clientOf, setRefreshCookie } from '../auth/auth-cookies.js';
import type { Caller, TwoFactorService } from './two-factor.service.js';

const callerOf = (request: FastifyRequest): Caller => ({
  userId: request.user.id,
  sessionId: request.user.sessionId,
  client: clientOf(request),
});

/**
 * LibreChat's client posts /disable and /backup/regenerate without a body (it verified just
 * before); newer clients and ours send the code along.
 */
function optionalCode(body: unknown): TwoFactorCodeInput | undefined {
  const given = body as { token?: unknown; backupCode?: unknown } | null | undefined;
  if (!given || (!given.token && !given.backupCode)) return undefined;
  return parseInput(twoFactorCodeSchema, body);
}

/** A 429 carries Retry-After, as every other limit of the API does. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && typeof err.extra.retryAfter === 'number') {
      reply.header('Retry-After', String(err.extra.retryAfter));
    }
    throw err;
  }
}

/** The paths and payloads of librechat-data-provider's two-factor calls (SPEC 7). */
export async function twoFactorRoutes(app: FastifyInstance, opts: { twoFactor: TwoFactorService }): Promise<void> {
  const { twoFactor } = opts;
  const authenticated = { preHandler: app.authenticate };

  app.get('/api/auth/2fa/enable', authenticated, (request) => twoFactor.enable(request.user.id));

  app.post('/api/auth/2fa/confirm', authenticated, async (request, reply) => {
    const { token } = parseInput(confirmTwoFactorSchema, request.body);
    await withRetryAfter(reply, () => twoFactor.confirm(callerOf(request), token));
    return { message: '2FA is now enabled' };
  });

  app.post('/api/auth/2fa/verify', authenticated, async (request, reply) => {
    const input = parseInput(twoFactorCodeSchema, request.body);
    await withRetryAfter(reply, () => twoFactor.verify(callerOf(request), input));
    return { message: '2FA token verified' };
  });

  app.post('/api/auth/2fa/verify-temp', async (request, reply) => {
    const input = parseInput(verifyTempSchema, request.body);
    const signed = await withRetryAfter(reply, () => twoFactor.verifyTemp(input, clientOf(request)));
    setRefreshCookie(request, reply, signed);
    return { token: signed.token, user: signed.user };
  });

  app.post('/api/auth/2fa/disable', authenticated, async (request, reply) => {
    const input = optionalCode(request.body);
    await withRetryAfter(reply, () => twoFactor.disable(callerOf(request), input));
    return { message: '2FA has been disabled' };
  });

  app.post('/api/auth/2fa/backup/regenerate', authenticated, async (request, reply) => {
    const input = optionalCode(request.body);
    const result = await withRetryAfter(reply, () => twoFactor.regenerateBackupCodes(callerOf(request), input));
    return { message: 'Backup codes regenerated', ...result };
  });
}
