import { NO_PARENT } from '@confab/shared';
import type { Transaction } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { parseTagList } from '../tags/tag-json.js';
import { adjustTagCounts, ensureTags } from '../tags/tags.repo.js';
import type { ConversationRow } from './conversations.repo.js';

type MessageRow = MessagesTable;

/** Rows per multi-row insert: well under SQLite's bound-parameter cap with 17 columns. */
const INSERT_BATCH = 200;

/**
 * Writes a new conversation of the same owner holding copies of `messages`: new ids, parent
 * links remapped to the copies, a parent outside the copied set becomes "no parent". Settings,
 * endpoint, model, tags and temporary status carry over; the copy is unarchived and new, so it
 * sorts first. Message timestamps are kept, so the copied tree keeps its order.
 */
export async function copyConversation(
  trx: Transaction<Database>,
  source: ConversationRow,
  messages: readonly MessageRow[],
  title: string,
): Promise<{ conversation: ConversationRow; messages: MessageRow[] }> {
  const now = nowIso();
  const conversation: ConversationRow = {
    ...source,
    conversation_id: newId(),
    title,
    is_archived: 0,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('conversations').values(conversation).execute();

  const newIds = new Map(messages.map((m) => [m.message_id, newId()]));
  const copies = messages.map(
    (m): MessageRow => ({
      ...m,
      message_id: newIds.get(m.message_id) ?? newId(),
      conversation_id: conversation.conversation_id,
      parent_message_id: newIds.get(m.parent_message_id) ?? NO_PARENT,
    }),
  );
  for (let i = 0; i < copies.length; i += INSERT_BATCH) {
    await trx.insertInto('messages').values(copies.slice(i, i + INSERT_BATCH)).execute();
  }

  // The copy carries the tags too, so each of them is on one more conversation.
  const tags = parseTagList(source.tags);
  if (tags.length > 0) {
    await ensureTags(trx, source.user_id, tags);
    await adjustTagCounts(trx, source.user_id, new Map(tags.map((t) => [t, 1])));
  }
  return { conversation, messages: copies };
}
