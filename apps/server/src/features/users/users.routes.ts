import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { findUserById, toPublicUser } from './users.repo.js';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user', { preHandler: app.authenticate }, async (request) => {
    const row = await findUserById(app.db.kysely, request.user.id);
    if (!row) throw new AppError('unauthorized', 'User not found');
    return toPublicUser(row);
  });
}
