import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { MemoriesService } from '../memories/memories.service.js';
import { findUserById, toPublicUser } from './users.repo.js';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user', { preHandler: app.authenticate }, async (request) => {
    const row = await findUserById(app.db.kysely, request.user.id);
    if (!row) throw new AppError('unauthorized', 'User not found');
    // LibreChat's user carries the memory switch (Settings → Personalization reads it).
    const memories = new MemoriesService(app.db, app.appConfig.memory);
    return { ...toPublicUser(row), personalization: { memories: await memories.isOnFor(row.id) } };
  });
}
