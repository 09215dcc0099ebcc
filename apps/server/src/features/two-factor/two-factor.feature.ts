import { DEFAULT_APP_TITLE } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';
import { recordViolation } from '../account/violations.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { TwoFactorService } from './two-factor.service.js';

/** TOTP two-factor sign-in with backup codes (issue 22): the routes LibreChat's client calls. */
export async function registerTwoFactor(app: FastifyInstance, deps: AccountSecurityDeps): Promise<void> {
  const twoFactor = new TwoFactorService({
    db: app.db,
    auth: deps.auth,
    credsKey: deps.secrets.credsKey,
    limiter: deps.limiter,
    issuer: deps.env.APP_TITLE || deps.config.appTitle || DEFAULT_APP_TITLE,
    limits: {
      perAccount: deps.env.TWO_FACTOR_MAX,
      perIp: deps.env.TWO_FACTOR_IP_MAX,
      windowMinutes: deps.env.TWO_FACTOR_WINDOW,
    },
    // Hitting the wrong-code limit counts towards an automatic ban (SPEC 8).
    onLimited: (userId, client) => recordViolation(app.db, deps.env, { userId, ip: client.ip, type: 'two_factor' }),
  });
  await app.register(twoFactorRoutes, { twoFactor });
}
