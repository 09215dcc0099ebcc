import {
  createPasswordSchema,
  requestPasswordResetSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@confab/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import type { AccountEmailService } from './account-email.service.js';
import { mailLanguageOf } from './mail-language.js';

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

/** SPEC 7's verify, reset and create-password calls, as LibreChat's data service makes them. */
export async function accountEmailRoutes(app: FastifyInstance, opts: { service: AccountEmailService }): Promise<void> {
  const { service } = opts;

  app.post('/api/user/verify', async (request) => {
    const input = parseInput(verifyEmailSchema, request.body);
    return service.verifyEmail(input);
  });

  app.post('/api/user/verify/resend', async (request, reply) => {
    const { email } = parseInput(resendVerificationSchema, request.body);
    return withRetryAfter(reply, () =>
      service.resendVerification(email, { ip: request.ip, language: mailLanguageOf(request) }),
    );
  });

  app.post('/api/auth/requestPasswordReset', async (request, reply) => {
    const { email } = parseInput(requestPasswordResetSchema, request.body);
    return withRetryAfter(reply, () =>
      service.requestPasswordReset(email, { ip: request.ip, language: mailLanguageOf(request) }),
    );
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
