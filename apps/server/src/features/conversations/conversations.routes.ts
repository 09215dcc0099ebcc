import {
  clearConversationsSchema,
  deleteConversationSchema,
  duplicateConversationSchema,
  forkConversationSchema,
  genTitleSchema,
  listConversationsQuerySchema,
  updateConversationSchema,
} from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import type { TitleService } from '../chat/title.service.js';
import { createSearchIndex } from '../search/search-index.js';
import { ConversationsService } from './conversations.service.js';
import { findConversation, toConversation, touchConversation } from './conversations.repo.js';

export async function conversationsRoutes(app: FastifyInstance, opts: { titles: TitleService }): Promise<void> {
  const db = app.db.kysely;
  const service = new ConversationsService(app.db, createSearchIndex(app.db));

  app.get('/api/convos', { preHandler: app.authenticate }, async (request) => {
    return service.list(request.user.id, parseInput(listConversationsQuerySchema, request.query));
  });

  app.get<{ Params: { conversationId: string } }>('/api/convos/:conversationId', { preHandler: app.authenticate }, async (request) => {
    const row = await findConversation(db, request.user.id, request.params.conversationId);
    if (!row) throw new AppError('not_found', 'Conversation not found');
    return toConversation(row);
  });

  app.post('/api/convos/update', { preHandler: app.authenticate }, async (request) => {
    const { arg } = parseInput(updateConversationSchema, request.body);
    const userId = request.user.id;
    if (!(await findConversation(db, userId, arg.conversationId))) throw new AppError('not_found', 'Conversation not found');
    await touchConversation(db, userId, arg.conversationId, {
      // An emptied title becomes "Untitled" rather than blank (SPEC 4, Rename).
      ...(arg.title !== undefined ? { title: arg.title || 'Untitled' } : {}),
      ...(arg.isArchived !== undefined ? { isArchived: arg.isArchived } : {}),
    });
    const row = await findConversation(db, userId, arg.conversationId);
    if (!row) throw new AppError('not_found', 'Conversation not found');
    return toConversation(row);
  });

  // A conversation's running generation stops (its partial reply stored) before the rows go:
  // deleted, it must not go on costing provider tokens or write into what is gone.
  const deleteOne = async (userId: string, conversationId: string) => {
    await app.jobs.abortInConversations(userId, [conversationId]);
    return service.delete(userId, conversationId);
  };
  const deleteAll = async (userId: string) => {
    await app.jobs.abortInConversations(userId, 'all');
    return service.deleteAll(userId);
  };

  app.delete('/api/convos', { preHandler: app.authenticate }, async (request) => {
    const arg = parseInput(deleteConversationSchema, request.body);
    return deleteOne(request.user.id, arg.conversationId);
  });

  app.delete('/api/convos/all', { preHandler: app.authenticate }, async (request) => {
    return deleteAll(request.user.id);
  });

  // Older LibreChat clients (before v0.7.8) delete through this route; same rules as the two above.
  app.post('/api/convos/clear', { preHandler: app.authenticate }, async (request) => {
    const { arg } = parseInput(clearConversationsSchema, request.body);
    if (arg.conversationId) return deleteOne(request.user.id, arg.conversationId);
    // The delete button always names its conversation: without one it deletes nothing, as LibreChat did.
    if (arg.source === 'button') throw new AppError('validation_error', 'No conversationId provided');
    return deleteAll(request.user.id);
  });

  app.post('/api/convos/duplicate', { preHandler: app.authenticate }, async (request, reply) => {
    const input = parseInput(duplicateConversationSchema, request.body);
    return reply.status(201).send(await service.duplicate(request.user.id, input));
  });

  app.post('/api/convos/fork', { preHandler: app.authenticate }, async (request) => {
    return service.fork(request.user.id, parseInput(forkConversationSchema, request.body));
  });

  async function generatedTitle(userId: string, conversationId: string): Promise<{ title: string }> {
    // Waiting is owner-scoped (another user's id has nothing pending and returns at once); the read
    // after it is both the owner check and the title as stored: the generated one, or a rename.
    await opts.titles.waitFor(userId, conversationId);
    const row = await findConversation(db, userId, conversationId);
    if (!row) throw new AppError('not_found', 'Conversation not found');
    return { title: row.title };
  }

  app.post('/api/convos/gen_title', { preHandler: app.authenticate }, async (request) => {
    const { conversationId } = parseInput(genTitleSchema, request.body);
    return generatedTitle(request.user.id, conversationId);
  });
  // The same, as LibreChat's clients since v0.8 ask for it.
  app.get('/api/convos/gen_title/:conversationId', { preHandler: app.authenticate }, async (request) => {
    const { conversationId } = parseInput(genTitleSchema, request.params);
    return generatedTitle(request.user.id, conversationId);
  });
}
