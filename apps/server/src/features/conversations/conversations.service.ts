import {
  TEXT_LIMITS,
  type ConversationWithMessages,
  type DeleteConversationsResult,
  type ForkConversationInput,
  type ListConversationsQuery,
} from '@confab/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import { listMessages, toMessage } from '../messages/messages.repo.js';
import { extractSearchTerms } from '../search/fts-query.js';
import type { SearchIndex } from '../search/search-index.js';
import { copyConversation } from './conversation-copy.js';
import { removeAllConversations, removeConversations, type DeleteCounts } from './conversation-delete.js';
import { listConversations } from './conversation-list.js';
import { findConversation, toConversation } from './conversations.repo.js';
import { selectForkMessages, splitAtTargetLevel } from './fork-selection.js';

const notFound = () => new AppError('not_found', 'Conversation not found');

function deleteResult(counts: DeleteCounts): DeleteConversationsResult {
  return {
    acknowledged: true,
    deletedCount: counts.conversations,
    messages: { acknowledged: true, deletedCount: counts.messages },
  };
}

/**
 * A duplicate is named "<title> (copy)" so it can be told apart from the original in the
 * sidebar (LibreChat keeps the title unchanged, which leaves two identical entries).
 */
export function duplicateTitle(title: string): string {
  const suffix = ' (copy)';
  const chars = [...title];
  const room = TEXT_LIMITS.renameMax - suffix.length;
  return (chars.length > room ? chars.slice(0, room).join('').trimEnd() : title) + suffix;
}

export class ConversationsService {
  constructor(
    private readonly db: Db,
    private readonly search: SearchIndex,
  ) {}

  list(userId: string, q: ListConversationsQuery) {
    const search = q.search?.trim();
    return listConversations(this.db, this.search, userId, {
      cursor: q.cursor,
      limit: q.limit,
      isArchived: q.isArchived,
      sortBy: q.sortBy,
      sortDirection: q.sortDirection,
      tags: q.tags,
      searchTerms: search ? extractSearchTerms(search) : undefined,
    });
  }

  async delete(userId: string, conversationId: string): Promise<DeleteConversationsResult> {
    const counts = await this.db.kysely.transaction().execute((trx) => removeConversations(trx, userId, [conversationId]));
    if (counts.conversations === 0) throw notFound();
    return deleteResult(counts);
  }

  async deleteAll(userId: string): Promise<DeleteConversationsResult> {
    return deleteResult(await this.db.kysely.transaction().execute((trx) => removeAllConversations(trx, userId)));
  }

  /** A full copy: every message of every branch. */
  async duplicate(userId: string, input: { conversationId: string; title?: string | undefined }): Promise<ConversationWithMessages> {
    const copy = await this.db.kysely.transaction().execute(async (trx) => {
      const source = await findConversation(trx, userId, input.conversationId);
      if (!source) throw notFound();
      const messages = await listMessages(trx, userId, source.conversation_id);
      return copyConversation(trx, source, messages, input.title ?? duplicateTitle(source.title));
    });
    return { conversation: toConversation(copy.conversation), messages: copy.messages.map(toMessage) };
  }

  /** A copy of part of the tree, chosen by the fork option (see fork-selection.ts); the title is kept, as in LibreChat. */
  async fork(userId: string, input: ForkConversationInput): Promise<ConversationWithMessages> {
    const copy = await this.db.kysely.transaction().execute(async (trx) => {
      const source = await findConversation(trx, userId, input.conversationId);
      if (!source) throw notFound();
      let messages = (await listMessages(trx, userId, source.conversation_id)).map((row) => ({
        row,
        messageId: row.message_id,
        parentMessageId: row.parent_message_id,
      }));
      if (!messages.some((m) => m.messageId === input.messageId)) throw new AppError('not_found', 'Message not found');
      let targetId = input.messageId;
      if (input.splitAtTarget && input.latestMessageId) {
        messages = splitAtTargetLevel(messages, input.messageId);
        targetId = input.latestMessageId;
        if (!messages.some((m) => m.messageId === targetId)) {
          throw new AppError('validation_error', "latestMessageId: must be at or below the target message's level");
        }
      }
      const selected = selectForkMessages(messages, targetId, input.option);
      // A split moves the target level to the root: the copies must carry the new parent links.
      const rows = selected.map((m) => ({ ...m.row, parent_message_id: m.parentMessageId }));
      return copyConversation(trx, source, rows, source.title);
    });
    return { conversation: toConversation(copy.conversation), messages: copy.messages.map(toMessage) };
  }
}
