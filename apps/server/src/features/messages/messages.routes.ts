import {
  editArtifactSchema,
  editMessageSchema,
  listMessagesQuerySchema,
  type ContentPart,
  type EditArtifactResult,
  type ListMessagesQuery,
  type MessagePage,
} from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { TEXT_BODY_LIMIT } from '../../platform/body-limits.js';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { findConversation } from '../conversations/conversations.repo.js';
import { decodeCursor, encodeCursor } from '../conversations/cursor.js';
import { extractSearchTerms } from '../search/fts-query.js';
import { loadMessageHits } from '../search/message-hits.js';
import { createSearchIndex } from '../search/search-index.js';
import { messageArtifacts, replaceInArtifact } from './artifact-edit.js';
import {
  contentOf,
  findMessage,
  listMessages,
  toMessage,
  updateMessage,
  updateMessageIfUnchanged,
  type MessageRow,
} from './messages.repo.js';

type ConvoParams = { Params: { conversationId: string } };
type MessageParams = { Params: { conversationId: string; messageId: string } };

/** The text of a content array: its text parts, joined (what `text` holds for a reply with parts). */
const textOfParts = (content: ContentPart[]) => content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');

export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const search = createSearchIndex(app.db);

  /**
   * A reply still being generated is written by its job: an edit now would be overwritten, so it
   * is refused. Not only unfinished rows: a continued reply is marked so only at its first save.
   */
  async function refuseWhileGenerating(userId: string, row: MessageRow): Promise<void> {
    if (row.is_created_by_user === 1) return;
    const running = await app.jobs.active(userId);
    if (running.some((job) => job.responseMessageId === row.message_id)) {
      throw new AppError('conflict', 'This reply is still being written; edit it once it has finished.');
    }
  }

  /** One conversation's messages, a page at a time, in the order asked for (ties broken by id). */
  async function conversationPage(
    userId: string,
    conversationId: string,
    query: ListMessagesQuery,
  ): Promise<MessagePage> {
    // Messages without an endpoint sort as the empty string (a cursor cannot carry null).
    const key =
      query.sortBy === 'endpoint'
        ? sql<string>`coalesce(endpoint, '')`
        : sql.ref<string>(query.sortBy === 'createdAt' ? 'created_at' : 'updated_at');
    const direction = query.sortDirection;
    let select = db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId);
    if (query.cursor) {
      const [value, messageId] = decodeCursor(query.cursor, ['string', 'string']);
      const after = sql.raw(direction === 'desc' ? '<' : '>');
      select = select.where(sql<boolean>`(${key}, message_id) ${after} (${value}, ${messageId})`);
    }
    const rows = await select
      .orderBy(key, direction)
      .orderBy('message_id', direction)
      .limit(query.pageSize + 1)
      .execute();
    const page = rows.slice(0, query.pageSize);
    const last = page.at(-1);
    const sortValue = (row: MessageRow) =>
      query.sortBy === 'endpoint'
        ? (row.endpoint ?? '')
        : query.sortBy === 'createdAt'
          ? row.created_at
          : row.updated_at;
    return {
      messages: page.map(toMessage),
      nextCursor: rows.length > query.pageSize && last ? encodeCursor([sortValue(last), last.message_id]) : null,
    };
  }

  /**
   * LibreChat's messages query: one message (conversationId and messageId), a conversation's
   * messages a page at a time (conversationId), or the caller's messages matching `search`.
   */
  app.get('/api/messages', { preHandler: app.authenticate }, async (request): Promise<MessagePage> => {
    const query = parseInput(listMessagesQuerySchema, request.query);
    const userId = request.user.id;
    if (query.conversationId) {
      if (!(await findConversation(db, userId, query.conversationId)))
        throw new AppError('not_found', 'Conversation not found');
      if (query.messageId) {
        const row = await findMessage(db, userId, query.messageId);
        return {
          messages: row && row.conversation_id === query.conversationId ? [toMessage(row)] : [],
          nextCursor: null,
        };
      }
      return conversationPage(userId, query.conversationId, query);
    }
    const terms = query.search ? extractSearchTerms(query.search) : [];
    if (!terms.length) return { messages: [], nextCursor: null };
    const page = await search.searchMessages(userId, terms, { cursor: query.cursor, limit: query.pageSize });
    const hits = await loadMessageHits(db, userId, page.messageIds);
    return { messages: hits.messages, nextCursor: page.nextCursor };
  });

  /** A conversation's messages; one that is not the caller's (or not there) is a 404, as in LibreChat. */
  app.get<ConvoParams>('/api/messages/:conversationId', { preHandler: app.authenticate }, async (request) => {
    const { conversationId } = request.params;
    if (conversationId === 'new') return [];
    const rows = await listMessages(db, request.user.id, conversationId);
    // Only an empty answer needs the look-up: rows are read by owner, so any row proves the conversation.
    if (!rows.length && !(await findConversation(db, request.user.id, conversationId))) {
      throw new AppError('not_found', 'Conversation not found');
    }
    return rows.map(toMessage);
  });

  /**
   * One message, answered as LibreChat does: a list (its query's result) holding the message, or
   * empty when the conversation has no such message. A conversation that is not the caller's is a 404.
   */
  app.get<MessageParams>(
    '/api/messages/:conversationId/:messageId',
    { preHandler: app.authenticate },
    async (request) => {
      const { conversationId, messageId } = request.params;
      const row = await findMessage(db, request.user.id, messageId);
      if (row?.conversation_id === conversationId) return [toMessage(row)];
      if (!(await findConversation(db, request.user.id, conversationId))) {
        throw new AppError('not_found', 'Conversation not found');
      }
      return [];
    },
  );

  /** Save-only edit: the text, or one text part of the content. */
  app.put<MessageParams>(
    '/api/messages/:conversationId/:messageId',
    { preHandler: app.authenticate },
    async (request) => {
      const { conversationId, messageId } = request.params;
      const input = parseInput(editMessageSchema, request.body);
      const userId = request.user.id;
      if (!(await findConversation(db, userId, conversationId)))
        throw new AppError('not_found', 'Conversation not found');
      const row = await findMessage(db, userId, messageId);
      if (!row || row.conversation_id !== conversationId) throw new AppError('not_found', 'Message not found');
      await refuseWhileGenerating(userId, row);
      if (input.index !== undefined) {
        const content = contentOf(row) ?? [{ type: 'text' as const, text: row.text }];
        const part = content[input.index];
        if (!part || part.type !== 'text')
          throw new AppError('validation_error', 'index does not point at a text part');
        content[input.index] = { type: 'text', text: input.text };
        await updateMessage(db, userId, messageId, { content, text: textOfParts(content) });
      } else {
        const content = contentOf(row);
        // Keep reasoning parts; the edited text replaces the text parts.
        const nextContent = content
          ? [...content.filter((p) => p.type !== 'text'), { type: 'text' as const, text: input.text }]
          : null;
        await updateMessage(db, userId, messageId, { text: input.text, content: nextContent });
      }
      const updated = await findMessage(db, userId, messageId);
      return toMessage(updated!);
    },
  );

  /**
   * The artifact editor's save: in the message's `index`-th artifact, `original` becomes
   * `updated`. Nothing is guessed: code that no longer holds `original` is a 409
   * `artifact_changed` (a stale editor), and a message changed by another write between read and
   * write a 409 `conflict`; either leaves the stored text as it was. Another user's message is a 404.
   */
  app.post<{ Params: { messageId: string } }>(
    '/api/messages/artifact/:messageId',
    { preHandler: app.authenticate, bodyLimit: TEXT_BODY_LIMIT },
    async (request): Promise<EditArtifactResult> => {
      const { index, original, updated } = parseInput(editArtifactSchema, request.body);
      const userId = request.user.id;
      const row = await findMessage(db, userId, request.params.messageId);
      if (!row) throw new AppError('not_found', 'Message not found');
      await refuseWhileGenerating(userId, row);
      const content = contentOf(row);
      const artifact = messageArtifacts(row.text, content)[index];
      if (!artifact) throw new AppError('validation_error', `index: The message has no artifact ${index}`);
      const replaced = replaceInArtifact(artifact.source, artifact.span, original, updated);
      if (replaced === null) {
        throw new AppError('artifact_changed', 'The artifact has changed since it was opened; reload it and edit again.');
      }
      // An artifact in a content part changes that part; the text is the parts' text again.
      let text = replaced;
      let nextContent = content;
      if (artifact.partIndex !== null && content) {
        nextContent = content.map((p, i) => (i === artifact.partIndex ? { type: 'text' as const, text: replaced } : p));
        text = textOfParts(nextContent);
      }
      const saved = await updateMessageIfUnchanged(db, userId, row, { text, content: nextContent });
      if (!saved)
        throw new AppError('conflict', 'The message changed while it was being edited; reload it and try again.');
      const message = toMessage(saved);
      return {
        conversationId: message.conversationId,
        text: message.text,
        ...(message.content ? { content: message.content } : {}),
      };
    },
  );
}
