import { createMemorySchema, memoryPreferencesSchema, updateMemorySchema } from '@confab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { agentLookupFromDb } from '../agent-chat/agent-lookup.js';
import { requirePermissions, type PermissionOf } from '../roles/require-permission.js';
import { GENERAL_SCOPE } from './memories.repo.js';
import { MemoriesService } from './memories.service.js';

/**
 * LibreChat's memories API (issue 41). A key is taken as a wildcard: keys run to 1000 characters,
 * past Fastify's 100-character limit on a path parameter. The static `/preferences` route wins
 * over the wildcard, as LibreChat's router order makes it win.
 *
 * LibreChat's permission checks: MEMORIES USE for all, READ to list, CREATE to add, UPDATE to
 * change or delete, OPT_OUT for the user's switch (which `memory.personalize: false` takes away).
 * `?agent_id=` addresses an agent's own memories of the caller (per-agent memory), for an agent
 * the caller may use and that is configured for memory; without it, the general memories.
 */
type KeyParams = { Params: { '*': string } };

const scopeQuerySchema = z.object({ agent_id: z.string().min(1).max(64).optional() });

export async function memoriesRoutes(app: FastifyInstance): Promise<void> {
  const memories = new MemoriesService(app.db, app.appConfig.memory);
  const agents = agentLookupFromDb(app.db);
  const enabled = async () => memories.assertEnabled();
  const allowed = (wanted: PermissionOf<'MEMORIES'>) =>
    requirePermissions(app.db, 'MEMORIES', ['USE', wanted], 'You do not have permission for this memory action.');
  const guard = (wanted: PermissionOf<'MEMORIES'>) => ({ preHandler: [app.authenticate, enabled, allowed(wanted)] });

  /** The scope a request addresses: '' (general), or an agent of the caller's with memory on. */
  async function scopeOf(request: FastifyRequest): Promise<string> {
    const { agent_id: agentId } = parseInput(scopeQuerySchema, request.query);
    if (!agentId) return GENERAL_SCOPE;
    const agent = await agents.findUsable(request.user, agentId);
    if (!agent) throw new AppError('not_found', 'Agent not found');
    if (!agent.memoryEnabled) throw new AppError('validation_error', 'This agent keeps no memories.');
    return agentId;
  }

  app.get('/api/memories', guard('READ'), async (request) => memories.list(request.user.id, await scopeOf(request)));

  app.post('/api/memories', guard('CREATE'), async (request, reply) => {
    const scope = await scopeOf(request);
    const memory = await memories.create(request.user.id, parseInput(createMemorySchema, request.body), scope);
    return reply.status(201).send({ created: true, memory });
  });

  app.patch('/api/memories/preferences', guard('OPT_OUT'), async (request) => {
    if (app.appConfig.memory?.personalize === false)
      throw new AppError('forbidden', 'Memory personalization is turned off: memory cannot be switched off.');
    const { memories: on } = parseInput(memoryPreferencesSchema, request.body);
    return { updated: true, preferences: await memories.setPreferences(request.user.id, on) };
  });

  app.patch<KeyParams>('/api/memories/*', guard('UPDATE'), async (request) => {
    const scope = await scopeOf(request);
    const memory = await memories.update(
      request.user.id,
      request.params['*'],
      parseInput(updateMemorySchema, request.body),
      scope,
    );
    return { updated: true, memory };
  });

  app.delete<KeyParams>('/api/memories/*', guard('UPDATE'), async (request) => {
    await memories.delete(request.user.id, request.params['*'], await scopeOf(request));
    return { deleted: true };
  });
}
