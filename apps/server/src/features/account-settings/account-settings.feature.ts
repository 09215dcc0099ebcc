import { DEFAULT_APP_TITLE } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { MailOutbox } from '../account-email/mail-outbox.js';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';
import { accountSettingsRoutes } from './account-settings.routes.js';
import { AccountSettingsService } from './account-settings.service.js';

/** How long shutdown waits for queued mail before closing the mail connection anyway. */
const DRAIN_ON_CLOSE_MS = 10_000;

/** Account basics in Settings → Account (issue 40): password, profile, email change, sessions. */
export async function registerAccountSettings(app: FastifyInstance, deps: AccountSecurityDeps): Promise<void> {
  const outbox = deps.mailer.isConfigured ? new MailOutbox(deps.mailer, app.log) : undefined;
  const service = new AccountSettingsService({
    db: app.db,
    auth: deps.auth,
    outbox,
    appTitle: deps.env.APP_TITLE || deps.config.appTitle || DEFAULT_APP_TITLE,
    clientOrigin: deps.clientOrigin.replace(/\/+$/, ''),
  });
  await app.register(accountSettingsRoutes, { service });
  app.addHook('onClose', async () => {
    if (!outbox) return;
    await Promise.race([outbox.drain(), new Promise((resolve) => setTimeout(resolve, DRAIN_ON_CLOSE_MS).unref())]);
  });
}
