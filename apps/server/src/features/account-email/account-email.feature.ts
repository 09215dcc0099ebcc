import { DEFAULT_APP_TITLE } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { recordViolation } from '../account/violations.js';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';
import { accountEmailRoutes } from './account-email.routes.js';
import { AccountEmailService, type LimitType } from './account-email.service.js';
import { MailOutbox } from './mail-outbox.js';

/** How long shutdown waits for queued mail before closing the mail connection anyway. */
const DRAIN_ON_CLOSE_MS = 10_000;

/** Email verification, password reset and create password (issue 22). */
export async function registerAccountEmail(app: FastifyInstance, deps: AccountSecurityDeps): Promise<void> {
  const { env, config, mailer, limiter } = deps;
  const outbox = mailer.isConfigured ? new MailOutbox(mailer, app.log) : undefined;
  const isPasswordResetEnabled = env.ALLOW_PASSWORD_RESET ?? false;
  if (isPasswordResetEnabled && !outbox) {
    app.log.warn(
      'ALLOW_PASSWORD_RESET is on without a mail server: /api/auth/requestPasswordReset answers with the reset link itself, so anyone who knows an address can reset its password. Configure EMAIL_* or turn password reset off.',
    );
  }
  const limitsOf = (prefix: string, points: number, windowMinutes: number) => ({
    perIp: limiter({ keyPrefix: `${prefix}_ip`, points, durationSeconds: windowMinutes * 60 }),
    perEmail: limiter({ keyPrefix: `${prefix}_email`, points, durationSeconds: windowMinutes * 60 }),
  });
  const limiters: Record<LimitType, ReturnType<typeof limitsOf>> = {
    verify_email_limit: limitsOf('verify_email', env.VERIFY_EMAIL_MAX, env.VERIFY_EMAIL_WINDOW),
    reset_password_limit: limitsOf('reset_password', env.RESET_PASSWORD_MAX, env.RESET_PASSWORD_WINDOW),
  };
  const service = new AccountEmailService({
    db: app.db,
    outbox,
    appTitle: env.APP_TITLE || config.appTitle || DEFAULT_APP_TITLE,
    clientOrigin: deps.clientOrigin.replace(/\/+$/, ''),
    isPasswordResetEnabled,
    limiters,
    // By IP only: counting against the address's account would let anyone get its owner banned.
    onLimited: (type, ip) => recordViolation(app.db, env, { type, ip }),
  });
  if (outbox) deps.auth.setRegistrationMail(service);
  await app.register(accountEmailRoutes, { service });
  app.addHook('onClose', async () => {
    if (!outbox) return;
    await Promise.race([outbox.drain(), new Promise((resolve) => setTimeout(resolve, DRAIN_ON_CLOSE_MS).unref())]);
  });
}
