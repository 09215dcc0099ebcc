import { genTitleSchema, TEXT_LIMITS } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import type { TitleService } from '../chat/title.service.js';
import { findConversation, listConversations, toConversation, touchConversation } from './conversations.repo.js';

const listQuerySchema = z.object({
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  isArchived: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});

const updateSchema = z.object({
  arg: z.object({
    conversationId: z.string().uuid(),
    title: z.string().trim().max(TEXT_LIMITS.renameMax).optional(),
    isArchived: z.boolean().optional(),
  }),
});

export async function conversationsRoutes(app: FastifyInstance, opts: { titles: TitleService }): Promise<void> {
  const db = app.db.kysely;

  app.get('/api/convos', { preHandler: app.authenticate }, async (request) => {
    const q = parseInput(listQuerySchema, request.query);
    return listConversations(db, request.user.id, { cursor: q.cursor, limit: q.limit, isArchived: q.isArchived });
  });

  app.get<{ Params: { conversationId: string } }>('/api/convos/:conversationId', { preHandler: app.authenticate }, async (request) => {
    const row = await findConversation(db, request.user.id, request.params.conversationId);
    if (!row) throw new AppError('not_found', 'Conversation not found');
    return toConversation(row);
  });

  app.post('/api/convos/update', { preHandler: app.authenticate }, async (request) => {
    const { arg } = parseInput(updateSchema, request.body);
    const userId = request.user.id;
    if (!(await findConversation(db, userId, arg.conversationId))) throw new AppError('not_found', 'Conversation not found');
    await touchConversation(db, userId, arg.conversationId, {
      // An emptied title becomes "Untitled" rather than blank (SPEC 4, Rename).
      ...(arg.title !== undefined ? { title: arg.title || 'Untitled' } : {}),
      ...(arg.isArchived !== undefined ? { isArchived: arg.isArchived } : {}),
    });
    return toConversation((await findConversation(db, userId, arg.conversationId))!);
  });

  app.post('/api/convos/gen_title', { preHandler: app.authenticate }, async (request) => {
    const { conversationId } = parseInput(genTitleSchema, request.body);
    const userId = request.user.id;
    if (!(await findConversation(db, userId, conversationId))) throw new AppError('not_found', 'Conversation not found');
    const generated = await opts.titles.waitFor(userId, conversationId);
    const row = await findConversation(db, userId, conversationId);
    return { title: generated ?? row?.title ?? 'New Chat' };
  });
}
