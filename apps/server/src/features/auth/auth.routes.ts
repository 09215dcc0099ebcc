import { loginSchema, registerSchema } from '@confab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import type { AuthService, SignedIn } from './auth.service.js';
import { bearerToken } from './authenticate.js';

export const REFRESH_COOKIE = 'refreshToken';
const COOKIE_PATH = '/api/auth';

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Secure everywhere except plain-http localhost, where browsers would drop the cookie. */
function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, signed: SignedIn): void {
  reply.setCookie(REFRESH_COOKIE, signed.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureRequest(request),
    path: COOKIE_PATH,
    expires: signed.refreshExpiresAt,
  });
}

function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService }): Promise<void> {
  const { auth } = opts;

  app.post('/api/auth/register', async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    const signed = await auth.register(input, clientOf(request));
    setRefreshCookie(request, reply, signed);
    return reply.status(200).send({ token: signed.token, user: signed.user });
  });

  app.post('/api/auth/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const signed = await auth.login(input, clientOf(request));
    setRefreshCookie(request, reply, signed);
    return { token: signed.token, user: signed.user };
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
