import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';

/** Refuses (403 forbidden) anyone but an administrator; the role is read fresh on every request. */
export function assertAdmin(request: FastifyRequest): void {
  if (request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Only administrators may do this.');
}

/**
 * The preHandlers of every Admin route: signed in, then an administrator. A refusal happens
 * before the handler runs, so nothing is read or stored for a USER.
 */
export function adminOnly(app: FastifyInstance) {
  return { preHandler: [app.authenticate, async (request: FastifyRequest) => assertAdmin(request)] };
}
