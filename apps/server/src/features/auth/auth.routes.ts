import { directoryLoginSchema, loginSchema, registerSchema } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { isSignedIn, type AuthService } from './auth.service.js';
import { bearerToken } from './authenticate.js';
import { mailLanguageOf } from '../account-email/mail-language.js';
import { clearRefreshCookie, clientOf, REFRESH_COOKIE, setRefreshCookie } from './auth-cookies.js';
import { recordViolation } from '../account/violations.js';

export { REFRESH_COOKIE };

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService }): Promise<void> {
  const { auth } = opts;

  // SPEC 8's logins and registrations violations. Kept by IP only: naming the account would let
  // anyone get a user banned by failing logins with their email.
  const limitedRoutes: Record<string, 'logins' | 'registrations'> = {
    '/api/auth/login': 'logins',
    '/api/auth/register': 'registrations',
  };
  app.addHook('onError', async (request, _reply, error) => {
    const type = limitedRoutes[request.routeOptions.url ?? ''];
    if (!type || !(error instanceof AppError) || error.code !== 'rate_limited') return;
    await recordViolation(app.db, app.env, { ip: request.ip, type }).catch((err: unknown) =>
      request.log.error({ err }, 'could not record a violation'),
    );
  });

  app.post('/api/auth/register', async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    const signed = await auth.register(input, clientOf(request), mailLanguageOf(request));
    // The address is to be verified first: no session, only LibreChat's "check your email".
    if (!('token' in signed)) return reply.status(200).send({ message: signed.message });
    setRefreshCookie(request, reply, signed);
    return reply.status(200).send({ token: signed.token, user: signed.user });
  });

  app.post('/api/auth/login', async (request, reply) => {
    // A directory login (LDAP) takes any non-empty name (SPEC 5); the directory judges the password.
    const input = parseInput(auth.directoryLogin ? directoryLoginSchema : loginSchema, request.body);
    const outcome = await auth.login(input, clientOf(request));
    // With two-factor on, the password alone only earns a temp token (nothing else is said).
    if (!isSignedIn(outcome)) return outcome;
    setRefreshCookie(request, reply, outcome);
    return { token: outcome.token, user: outcome.user };
  });

  app.post('/api/auth/refresh', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    // No cookie is the normal state of a visitor: answer without a token instead of an error,
    // as LibreChat does, so the silent refresh on start stays quiet.
    if (!token) return reply.status(200).send({ message: 'Refresh token not provided' });
    try {
      const signed = await auth.refresh(token, clientOf(request));
      setRefreshCookie(request, reply, signed);
      return { token: signed.token, user: signed.user };
    } catch (err) {
      clearRefreshCookie(reply);
      // A refresh token that is no longer good is a 403, as LibreChat answers it. Its client
      // refreshes on any 401, the refresh call's own included: a 401 here would leave that
      // client waiting on itself, never settling the request that needed the refresh.
      if (err instanceof AppError && err.status === 401) throw new AppError('forbidden', err.message);
      throw err;
    }
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(request.cookies[REFRESH_COOKIE], bearerToken(request));
    clearRefreshCookie(reply);
    return { message: 'Logout successful' };
  });
}
