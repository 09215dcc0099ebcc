import {
  createPasswordSchema,
  requestPasswordResetSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/parse.js';
import type { AccountEmailService } from './account-email.service.js';
import { mailLanguageOf } from './mail-language.js';

/** SPEC 7's verify, reset and create-password calls, as LibreChat's data service makes them. */
export async function accountEmailRoutes(app: FastifyInstance, opts: { service: AccountEmailService }): Promise<void> {
  const { service } = opts;

  app.post('/api/user/verify', async (request) => {
    const input = parseInput(verifyEmailSchema, request.body);
    return service.verifyEmail(input);
  });

  app.post('/api/user/verify/resend', async (request) => {
    const { email } = parseInput(resendVerificationSchema, request.body);
    return service.resendVerification(email, { ip: request.ip, language: mailLanguageOf(request) });
  });

  app.post('/api/auth/requestPasswordReset', async (request) => {
    const { email } = parseInput(requestPasswordResetSchema, request.body);
    return service.requestPasswordReset(email, { ip: request.ip, language: mailLanguageOf(request) });
  });

  app.post('/api/auth/resetPassword', async (request) => {
    const input = parseInput(resetPasswordSchema, request.body);
    return service.resetPassword(input, mailLanguageOf(request));
  });

  app.post('/api/auth/createPassword', { preHandler: app.authenticate }, async (request) => {
    const { password } = parseInput(createPasswordSchema, request.body);
    return service.createPassword(request.user.id, password);
  });
}
