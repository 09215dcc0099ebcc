import { updateKeySchema } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../platform/parse.js';
import type { KeysService } from './keys.service.js';

const nameQuery = z.object({ name: z.string().min(1).max(128).optional(), all: z.enum(['true', 'false']).optional() });

export async function keysRoutes(app: FastifyInstance, opts: { keys: KeysService }): Promise<void> {
  const { keys } = opts;

  /** LibreChat shape: `{ expiresAt }` of the named key, or `{}`-like nothing when none. */
  app.get('/api/keys', { preHandler: app.authenticate }, async (request) => {
    const { name } = parseInput(nameQuery, request.query);
    if (!name) return { expiresAt: null };
    return (await keys.describe(request.user.id, name)) ?? { expiresAt: null, exists: false };
  });

  app.put('/api/keys', { preHandler: app.authenticate }, async (request, reply) => {
    const input = parseInput(updateKeySchema, request.body);
    const saved = await keys.save(request.user.id, input);
    return reply.status(201).send({ name: input.name, ...saved });
  });

  app.delete<{ Params: { name: string } }>('/api/keys/:name', { preHandler: app.authenticate }, async (request) => {
    const deletedCount = await keys.revoke(request.user.id, request.params.name);
    return { deletedCount };
  });

  app.delete('/api/keys', { preHandler: app.authenticate }, async (request, reply) => {
    const { all } = parseInput(nameQuery, request.query);
    if (all !== 'true') return reply.status(400).send({ code: 'validation_error', message: 'Use DELETE /api/keys?all=true to revoke every key' });
    return { deletedCount: await keys.revoke(request.user.id) };
  });
}
