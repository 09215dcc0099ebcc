import { DEFAULT_APP_TITLE } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { MailOutbox } from '../../account-email/mail-outbox.js';
import { renderMail } from '../../account-email/mail-templates.js';
import type { AccountSecurityDeps } from '../../auth/account-security-deps.js';
import { adminUsersRoutes } from './admin-users.routes.js';
import { AdminUsersService } from './admin-users.service.js';

/** How long shutdown waits for queued invitations before closing anyway. */
const DRAIN_ON_CLOSE_MS = 10_000;

/** Admin → Users (issue 40): the routes, and the invitation mail when a mail server is set up. */
export async function registerAdminUsers(app: FastifyInstance, deps: AccountSecurityDeps): Promise<void> {
  const { env, config, mailer } = deps;
  const outbox = mailer.isConfigured ? new MailOutbox(mailer, app.log) : undefined;
  const appTitle = env.APP_TITLE || config.appTitle || DEFAULT_APP_TITLE;
  const service = new AdminUsersService({
    db: app.db,
    config,
    files: deps.files,
    clientOrigin: deps.clientOrigin,
    mailInvite: outbox
      ? (user, link) =>
          outbox.enqueue('invite', () =>
            // The invitee chose no language yet: the instance's first one.
            Promise.resolve(renderMail({ kind: 'invite', language: 'en', to: user.email, appTitle, name: '', link })),
          )
      : undefined,
  });
  await app.register(adminUsersRoutes, { service });
  app.addHook('onClose', async () => {
    if (!outbox) return;
    await Promise.race([outbox.drain(), new Promise((resolve) => setTimeout(resolve, DRAIN_ON_CLOSE_MS).unref())]);
  });
}
