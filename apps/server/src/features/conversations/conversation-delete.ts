import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseTagList, tagCountDeltas } from '../tags/tag-json.js';
import { adjustTagCounts } from '../tags/tags.repo.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface DeleteCounts {
  conversations: number;
  messages: number;
}

/** Bounded IN lists: SQLite and PostgreSQL both cap the number of bound parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Deletes conversations of one owner with their messages and shared links, and lowers the tag
 * counts they held. Ids the owner does not have are ignored, so nothing of anyone else can go.
 * Run it inside a transaction: the counts and the rows change together.
 */
export async function removeConversations(db: Executor, userId: string, conversationIds: readonly string[]): Promise<DeleteCounts> {
  const totals: DeleteCounts = { conversations: 0, messages: 0 };
  for (const ids of chunks([...new Set(conversationIds)])) {
    // By primary key, the owner checked on the rows: SQLite has no statistics and, given
    // `user_id = ? and id in (...)`, would walk all of the owner's conversations instead.
    const owned = (
      await db.selectFrom('conversations').select(['conversation_id', 'user_id', 'tags']).where('conversation_id', 'in', ids).execute()
    ).filter((r) => r.user_id === userId);
    if (owned.length === 0) continue;
    const ownedIds = owned.map((r) => r.conversation_id);
    await db.deleteFrom('shared_links').where('conversation_id', 'in', ownedIds).execute();
    const messages = await db.deleteFrom('messages').where('conversation_id', 'in', ownedIds).executeTakeFirst();
    const conversations = await db.deleteFrom('conversations').where('conversation_id', 'in', ownedIds).executeTakeFirst();
    totals.messages += Number(messages.numDeletedRows);
    totals.conversations += Number(conversations.numDeletedRows);
    await adjustTagCounts(db, userId, tagCountDeltas(owned.map((r) => ({ before: parseTagList(r.tags), after: [] }))));
  }
  return totals;
}

/** Everything of one owner: conversations, messages, shared links; every tag count drops to zero. */
export async function removeAllConversations(db: Executor, userId: string): Promise<DeleteCounts> {
  const ownedIds = db.selectFrom('conversations').select('conversation_id').where('user_id', '=', userId);
  await db.deleteFrom('shared_links').where('user_id', '=', userId).execute();
  const messages = await db.deleteFrom('messages').where('conversation_id', 'in', ownedIds).executeTakeFirst();
  const conversations = await db.deleteFrom('conversations').where('user_id', '=', userId).executeTakeFirst();
  await db.updateTable('conversation_tags').set({ count: 0 }).where('user_id', '=', userId).execute();
  return { conversations: Number(conversations.numDeletedRows), messages: Number(messages.numDeletedRows) };
}

/** Temporary chats whose time is up, oldest expiry first, at most `limit` (any owner). */
export function findExpiredConversations(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('conversations')
    .select(['conversation_id', 'user_id'])
    .where('expired_at', 'is not', null)
    .where('expired_at', '<=', now)
    .orderBy('expired_at')
    .limit(limit)
    .execute();
}
