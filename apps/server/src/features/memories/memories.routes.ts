import { createMemorySchema, memoryPreferencesSchema, updateMemorySchema } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/parse.js';
import { MemoriesService } from './memories.service.js';

/**
 * LibreChat's memories API (issue 41). A key is taken as a wildcard: keys run to 1000 characters,
 * past Fastify's 100-character limit on a path parameter. The static `/preferences` route wins
 * over the wildcard, as LibreChat's router order makes it win.
 */
type KeyParams = { Params: { '*': string } };

export async function memoriesRoutes(app: FastifyInstance): Promise<void> {
  const memories = new MemoriesService(app.db, app.appConfig.memory);
  const enabled = async () => memories.assertEnabled();
  const guard = { preHandler: [app.authenticate, enabled] };

  app.get('/api/memories', guard, async (request) => memories.list(request.user.id));

  app.post('/api/memories', guard, async (request, reply) => {
    const memory = await memories.create(request.user.id, parseInput(createMemorySchema, request.body));
    return reply.status(201).send({ created: true, memory });
  });

  app.patch('/api/memories/preferences', guard, async (request) => {
    const { memories: on } = parseInput(memoryPreferencesSchema, request.body);
    return { updated: true, preferences: await memories.setPreferences(request.user.id, on) };
  });

  app.patch<KeyParams>('/api/memories/*', guard, async (request) => {
    const memory = await memories.update(request.user.id, request.params['*'], parseInput(updateMemorySchema, request.body));
    return { updated: true, memory };
  });

  app.delete<KeyParams>('/api/memories/*', guard, async (request) => {
    await memories.delete(request.user.id, request.params['*']);
    return { deleted: true };
  });
}
