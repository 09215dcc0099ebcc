import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  sessionIdParamsSchema,
  updateProfileSchema,
  type AccountSessionsResponse,
  type PendingEmailResponse,
} from '@confab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/parse.js';
import { mailLanguageOf } from '../account-email/mail-language.js';
import { clientOf } from '../auth/auth-cookies.js';
import type { AccountCaller, AccountSettingsService } from './account-settings.service.js';

/**
 * Settings → Account (issue 40). LibreChat has no calls for these; they sit under /api/user
 * beside its own. Every one acts on the signed-in user only: no id of a user is ever taken.
 */
export async function accountSettingsRoutes(app: FastifyInstance, opts: { service: AccountSettingsService }): Promise<void> {
  const { service } = opts;
  const auth = { preHandler: app.authenticate };
  const callerOf = (request: FastifyRequest): AccountCaller => ({
    userId: request.user.id,
    sessionId: request.user.sessionId,
    client: clientOf(request),
    language: mailLanguageOf(request),
  });

  app.post('/api/user/password', auth, async (request) =>
    service.changePassword(callerOf(request), parseInput(changePasswordSchema, request.body)),
  );

  app.patch('/api/user/profile', auth, async (request) =>
    service.updateProfile(request.user.id, parseInput(updateProfileSchema, request.body)),
  );

  app.get('/api/user/email', auth, async (request): Promise<PendingEmailResponse> => ({
    pendingEmail: await service.pendingEmail(request.user.id),
  }));

  app.post('/api/user/email', auth, async (request) =>
    service.requestEmailChange(callerOf(request), parseInput(changeEmailSchema, request.body)),
  );

  app.delete('/api/user/email', auth, async (request) => service.cancelEmailChange(request.user.id));

  // The mailed link: the token alone is the proof, so it works in a browser that is signed out.
  app.post('/api/user/email/verify', async (request) => {
    const { token } = parseInput(confirmEmailChangeSchema, request.body);
    return service.confirmEmailChange(token, mailLanguageOf(request));
  });

  app.get('/api/user/sessions', auth, async (request): Promise<AccountSessionsResponse> => ({
    sessions: await service.listSessions(callerOf(request)),
  }));

  app.delete('/api/user/sessions/:sessionId', auth, async (request) => {
    const { sessionId } = parseInput(sessionIdParamsSchema, request.params);
    return service.endSession(request.user.id, sessionId);
  });

  app.post('/api/user/sessions/revoke-others', auth, async (request) => service.endOtherSessions(callerOf(request)));
}
