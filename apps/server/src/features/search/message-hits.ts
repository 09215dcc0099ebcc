import type { SearchResultMessage } from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ConversationRow } from '../conversations/conversations.repo.js';
import { toMessage } from '../messages/messages.repo.js';

export interface MessageHits {
  /** The hits, in the order of the ids asked for, each with its conversation's title. */
  messages: SearchResultMessage[];
  /** The hits' conversations, in the order of their first hit. */
  conversations: ConversationRow[];
}

/**
 * Loads the messages a search matched (ids from the search index, best first) and their
 * conversations, keeping only the caller's: a search result is shown as a message of a
 * titled conversation, which the client can open at that message.
 */
export async function loadMessageHits(
  db: Kysely<Database>,
  userId: string,
  messageIds: readonly string[],
): Promise<MessageHits> {
  // Looked up by primary key, owner checked on the rows: asked for `user_id = ? and id in (...)`,
  // SQLite (without statistics) walks all of the owner's rows by the user index instead.
  const rows = messageIds.length
    ? await db
        .selectFrom('messages')
        .selectAll()
        .where('message_id', 'in', [...messageIds])
        .execute()
    : [];
  const byId = new Map(rows.filter((r) => r.user_id === userId).map((r) => [r.message_id, r]));
  const hits = messageIds.flatMap((id) => byId.get(id) ?? []);

  const conversationIds = [...new Set(hits.map((m) => m.conversation_id))];
  const conversationRows = conversationIds.length
    ? await db.selectFrom('conversations').selectAll().where('conversation_id', 'in', conversationIds).execute()
    : [];
  // A temporary chat (an expiry set) is never found by search, neither it nor its messages.
  const temporary = new Set(conversationRows.filter((c) => c.expired_at !== null).map((c) => c.conversation_id));
  const conversationsById = new Map(
    conversationRows
      .filter((c) => c.user_id === userId && !temporary.has(c.conversation_id))
      .map((c) => [c.conversation_id, c]),
  );
  const messages = hits
    .filter((row) => !temporary.has(row.conversation_id))
    .map((row): SearchResultMessage => {
      const title = conversationsById.get(row.conversation_id)?.title;
      return { ...toMessage(row), searchResult: true, ...(title !== undefined ? { title } : {}) };
    });
  return { messages, conversations: conversationIds.flatMap((id) => conversationsById.get(id) ?? []) };
}
