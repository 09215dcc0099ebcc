import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo, SignedIn } from './auth.service.js';

export const REFRESH_COOKIE = 'refreshToken';
const COOKIE_PATH = '/api/auth';

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Secure everywhere except plain-http localhost, where browsers would drop the cookie. */
export function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** Every sign-in (password, second factor, passkey, social) ends here: the rotating refresh cookie. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, signed: SignedIn): void {
  reply.setCookie(REFRESH_COOKIE, signed.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureRequest(request),
    path: COOKIE_PATH,
    expires: signed.refreshExpiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}
