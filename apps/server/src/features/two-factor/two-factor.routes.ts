import { confirmTwoFactorSchema, twoFactorCodeSchema, verifyTempSchema, type TwoFactorCodeInput } from '@confab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** The paths and payloads of librechat-data-provider's two-factor calls (SPEC 7). */
export async function twoFactorRoutes(app: FastifyInstance, opts: { twoFactor: TwoFactorService }): Promise<void> {
  const { twoFactor } = opts;
  const authenticated = { preHandler: app.authenticate };

  app.get('/api/auth/2fa/enable', authenticated, (request) => twoFactor.enable(request.user.id));

  app.post('/api/auth/2fa/confirm', authenticated, async (request) => {
    const { token } = parseInput(confirmTwoFactorSchema, request.body);
    await twoFactor.confirm(callerOf(request), token);
    return { message: '2FA is now enabled' };
  });

  app.post('/api/auth/2fa/verify', authenticated, async (request) => {
    const input = parseInput(twoFactorCodeSchema, request.body);
    await twoFactor.verify(callerOf(request), input);
    return { message: '2FA token verified' };
  });

  app.post('/api/auth/2fa/verify-temp', async (request, reply) => {
    const input = parseInput(verifyTempSchema, request.body);
    const signed = await twoFactor.verifyTemp(input, clientOf(request));
    setRefreshCookie(request, reply, signed);
    return { token: signed.token, user: signed.user };
  });

  app.post('/api/auth/2fa/disable', authenticated, async (request) => {
    const input = optionalCode(request.body);
    await twoFactor.disable(callerOf(request), input);
    return { message: '2FA has been disabled' };
  });

  app.post('/api/auth/2fa/backup/regenerate', authenticated, async (request) => {
    const input = optionalCode(request.body);
    const result = await twoFactor.regenerateBackupCodes(callerOf(request), input);
    return { message: 'Backup codes regenerated', ...result };
  });
}
