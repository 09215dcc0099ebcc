import { createTagSchema, listTagsQuerySchema, tagConversationSchema, updateTagSchema } from '@confab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { getRole } from '../roles/roles.repo.js';
import { TagsService } from './tags.service.js';

/**
 * Tag routes take the name as a wildcard: a 128-character tag, URL-encoded, is longer than
 * Fastify's 100-character limit on a path parameter. find-my-way still prefers the static
 * `/api/tags/convo/...` and `/api/tags/list` routes, and decodes the wildcard once.
 */
type TagParams = { Params: { '*': string } };

export async function tagsRoutes(app: FastifyInstance): Promise<void> {
  const tags = new TagsService(app.db);

  /** SPEC 6: BOOKMARKS USE gates every bookmark call, read through the role on each request so an admin's change applies at once. */
  const requireBookmarks = async (request: FastifyRequest) => {
    const role = await getRole(app.db, request.user.role);
    if (role?.permissions.BOOKMARKS?.USE === false) throw new AppError('forbidden', 'You are not allowed to use bookmarks');
  };
  const guard = { preHandler: [app.authenticate, requireBookmarks] };

  app.get('/api/tags', guard, async (request) => tags.list(request.user.id));

  app.get('/api/tags/list', guard, async (request) => tags.listPage(request.user.id, parseInput(listTagsQuerySchema, request.query)));

  app.post('/api/tags', guard, async (request, reply) => {
    const result = await tags.create(request.user.id, parseInput(createTagSchema, request.body));
    return reply.status(result.alreadyExists ? 200 : 201).send(result);
  });

  app.post('/api/tags/rebuild', guard, async (request) => tags.rebuild(request.user.id));

  app.put<TagParams>('/api/tags/*', guard, async (request) => {
    return tags.update(request.user.id, request.params['*'].trim(), parseInput(updateTagSchema, request.body));
  });

  // Names are stored trimmed, so a stray space in the path still finds the tag.
  app.delete<TagParams>('/api/tags/*', guard, async (request) => tags.delete(request.user.id, request.params['*'].trim()));

  app.put<{ Params: { conversationId: string } }>('/api/tags/convo/:conversationId', guard, async (request) => {
    const { tags: names } = parseInput(tagConversationSchema, request.body);
    return tags.setConversationTags(request.user.id, request.params.conversationId, names);
  });
}
