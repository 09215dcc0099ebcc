import {
  DEFAULT_PROMPT_CATEGORIES,
  createPromptSchema,
  listPromptGroupsQuerySchema,
  randomPromptsQuerySchema,
  updatePromptGroupSchema,
  updatePromptLabelsSchema,
} from '@confab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { requirePermissions } from '../roles/require-permission.js';
import { PromptsService } from './prompts.service.js';

const id = z.string().min(1).max(100);
const groupParams = z.object({ groupId: id });
const promptParams = z.object({ promptId: id });
/** `?groupId=`: the group whose versions are listed, or the one a deleted version must belong to. */
const groupQuery = z.object({ groupId: id.optional() });

/**
 * Prompts and categories (SPEC 7), LibreChat's paths and answers. `interface.prompts: false`
 * refuses every call with a 403, as the temporary-chat switch does: the feature is off on this
 * server, and a 403 says so where a 404 would read as a missing prompt. PROMPTS USE gates every
 * call; CREATE every write. Sharing with everyone also needs SHARED_GLOBAL (checked by the
 * service, where the project ids change).
 */
export async function promptsRoutes(app: FastifyInstance): Promise<void> {
  const prompts = new PromptsService(app.db);
  const promptsEnabled = async (_request: FastifyRequest) => {
    if (!app.appConfig.interface.prompts) throw new AppError('forbidden', 'Prompts are turned off on this server');
  };
  const canUse = requirePermissions(app.db, 'PROMPTS', ['USE'], 'You are not allowed to use prompts');
  const canCreate = requirePermissions(app.db, 'PROMPTS', ['USE', 'CREATE'], 'You are not allowed to create or change prompts');
  const read = { preHandler: [app.authenticate, promptsEnabled, canUse] };
  const write = { preHandler: [app.authenticate, promptsEnabled, canCreate] };

  app.get('/api/categories', read, async () => DEFAULT_PROMPT_CATEGORIES);

  app.get('/api/prompts', read, async (request) => {
    return prompts.listVersions(request.user, parseInput(groupQuery, request.query).groupId);
  });

  // LibreChat answers 200, not 201, and its client reads either.
  app.post('/api/prompts', write, async (request) => prompts.create(request.user, parseInput(createPromptSchema, request.body)));

  app.get('/api/prompts/all', read, async (request) => {
    return prompts.listAll(request.user, parseInput(listPromptGroupsQuerySchema, request.query));
  });

  app.get('/api/prompts/random', read, async (request) => prompts.random(parseInput(randomPromptsQuerySchema, request.query)));

  app.get('/api/prompts/groups', read, async (request) => {
    return prompts.listPage(request.user, parseInput(listPromptGroupsQuerySchema, request.query));
  });

  app.get('/api/prompts/groups/:groupId', read, async (request) => {
    return prompts.getGroup(request.user, parseInput(groupParams, request.params).groupId);
  });

  app.patch('/api/prompts/groups/:groupId', write, async (request) => {
    const { groupId } = parseInput(groupParams, request.params);
    return prompts.updateGroup(request.user, groupId, parseInput(updatePromptGroupSchema, request.body));
  });

  app.delete('/api/prompts/groups/:groupId', write, async (request) => {
    return prompts.deleteGroup(request.user, parseInput(groupParams, request.params).groupId);
  });

  /** Counts a use of the group: the web calls it when the "/" command or a prompt card inserts a prompt. */
  app.post('/api/prompts/groups/:groupId/use', read, async (request) => {
    return prompts.recordUse(request.user, parseInput(groupParams, request.params).groupId);
  });

  app.get('/api/prompts/:promptId', read, async (request) => {
    return prompts.getVersion(request.user, parseInput(promptParams, request.params).promptId);
  });

  app.delete('/api/prompts/:promptId', write, async (request) => {
    const { promptId } = parseInput(promptParams, request.params);
    return prompts.deleteVersion(request.user, promptId, parseInput(groupQuery, request.query).groupId);
  });

  app.patch('/api/prompts/:promptId/labels', write, async (request) => {
    const { promptId } = parseInput(promptParams, request.params);
    return prompts.setLabels(request.user, promptId, parseInput(updatePromptLabelsSchema, request.body).labels);
  });

  app.patch('/api/prompts/:promptId/tags/production', write, async (request) => {
    return prompts.makeProduction(request.user, parseInput(promptParams, request.params).promptId);
  });
}
