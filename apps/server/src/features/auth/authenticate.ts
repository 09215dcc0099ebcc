import type { Role } from '@confab/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { AppError } from '../../platform/errors.js';
import type { AccessTokens } from './tokens.js';

export interface AuthUser {
  id: string;
  role: Role;
  email: string;
  name: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
}

const sessionUserQuery = preparedQuery((db, v: { sessionId: string; userId: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.role', 'users.email', 'users.name', 'users.banned_until', 'sessions.revoked_at'])
    .where('sessions.id', '=', v.sessionId)
    .where('users.id', '=', v.userId),
);

/** The access token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/**
 * The bearer check every private route runs. Besides the signature it confirms that the
 * session is still live, so logout, reuse detection and bans take effect at once rather
 * than when the 15-minute access token runs out.
 */
export function createAuthenticate(db: Db, tokens: AccessTokens) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Authentication required');
    const claims = await tokens.verify(token);
    const [row] = await sessionUserQuery(db.kysely, { sessionId: claims.sessionId, userId: claims.id });
    if (!row || row.revoked_at) throw new AppError('unauthorized', 'Session has ended');
    if (row.banned_until && row.banned_until > new Date().toISOString()) {
      throw new AppError('banned', 'Your account has been temporarily banned.');
    }
    request.user = { id: row.id, role: row.role as Role, email: row.email, name: row.name, sessionId: claims.sessionId };
  };
}
