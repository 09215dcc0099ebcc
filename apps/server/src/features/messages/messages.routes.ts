import { editMessageSchema, type ContentPart } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { findConversation } from '../conversations/conversations.repo.js';
import { findMessage, listMessages, toMessage, updateMessage } from './messages.repo.js';

type ConvoParams = { Params: { conversationId: string } };
type MessageParams = { Params: { conversationId: string; messageId: string } };

export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  app.get<ConvoParams>('/api/messages/:conversationId', { preHandler: app.authenticate }, async (request) => {
    const rows = await listMessages(db, request.user.id, request.params.conversationId);
    return rows.map(toMessage);
  });

  app.get<MessageParams>('/api/messages/:conversationId/:messageId', { preHandler: app.authenticate }, async (request) => {
    const row = await findMessage(db, request.user.id, request.params.messageId);
    if (!row || row.conversation_id !== request.params.conversationId) throw new AppError('not_found', 'Message not found');
    return toMessage(row);
  });

  /** Save-only edit: the text, or one text part of the content. */
  app.put<MessageParams>('/api/messages/:conversationId/:messageId', { preHandler: app.authenticate }, async (request) => {
    const { conversationId, messageId } = request.params;
    const input = parseInput(editMessageSchema, request.body);
    const userId = request.user.id;
    if (!(await findConversation(db, userId, conversationId))) throw new AppError('not_found', 'Conversation not found');
    const row = await findMessage(db, userId, messageId);
    if (!row || row.conversation_id !== conversationId) throw new AppError('not_found', 'Message not found');
    if (input.index !== undefined) {
      const content = row.content ? (JSON.parse(row.content) as ContentPart[]) : [{ type: 'text' as const, text: row.text }];
      const part = content[input.index];
      if (!part || part.type !== 'text') throw new AppError('validation_error', 'index does not point at a text part');
      content[input.index] = { type: 'text', text: input.text };
      const text = content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
      await updateMessage(db, userId, messageId, { content, text });
    } else {
      const content = row.content ? (JSON.parse(row.content) as ContentPart[]) : null;
      // Keep reasoning parts; the edited text replaces the text parts.
      const nextContent = content ? [...content.filter((p) => p.type !== 'text'), { type: 'text' as const, text: input.text }] : null;
      await updateMessage(db, userId, messageId, { text: input.text, content: nextContent });
    }
    const updated = await findMessage(db, userId, messageId);
    return toMessage(updated!);
  });
}
