import { DEFAULT_CONVERSATION_TITLE, type Conversation, type ModelSettings } from '@confab/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConversationsTable, Database } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type ConversationRow = ConversationsTable;

export function toConversation(row: ConversationRow): Conversation {
  const settings = JSON.parse(row.settings) as ModelSettings;
  return {
    ...settings,
    conversationId: row.conversation_id,
    title: row.title,
    endpoint: row.endpoint,
    endpointType: row.endpoint_type,
    model: row.model,
    user: row.user_id,
    isArchived: row.is_archived === 1,
    tags: JSON.parse(row.tags) as string[],
    expiredAt: row.expired_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every read is scoped to its owner: there is no way to fetch someone else's conversation. */
export function findConversation(db: Executor, userId: string, conversationId: string): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function conversationExists(db: Executor, conversationId: string): Promise<{ conversation_id: string } | undefined> {
  return db.selectFrom('conversations').select('conversation_id').where('conversation_id', '=', conversationId).executeTakeFirst();
}

export interface NewConversation {
  conversationId: string;
  userId: string;
  endpoint: string;
  endpointType: string | null;
  model: string | null;
  settings: ModelSettings;
  expiredAt?: string | null;
}

export async function insertConversation(db: Executor, input: NewConversation): Promise<ConversationRow> {
  const now = nowIso();
  const row: ConversationRow = {
    conversation_id: input.conversationId,
    user_id: input.userId,
    title: DEFAULT_CONVERSATION_TITLE,
    endpoint: input.endpoint,
    endpoint_type: input.endpointType,
    model: input.model,
    settings: JSON.stringify(input.settings),
    is_archived: 0,
    tags: '[]',
    expired_at: input.expiredAt ?? null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('conversations').values(row).execute();
  return row;
}

export async function touchConversation(
  db: Executor,
  userId: string,
  conversationId: string,
  patch: {
    endpoint?: string;
    endpointType?: string | null;
    model?: string | null;
    settings?: ModelSettings;
    title?: string;
    /** A title that replaces only the default one (a rename made meanwhile is kept). */
    titleIfDefault?: string;
    isArchived?: boolean;
  },
): Promise<ConversationRow | undefined> {
  return db
    .updateTable('conversations')
    .set({
      updated_at: nowIso(),
      ...(patch.endpoint !== undefined ? { endpoint: patch.endpoint } : {}),
      ...(patch.endpointType !== undefined ? { endpoint_type: patch.endpointType } : {}),
      ...(patch.model !== undefined ? { model: patch.model } : {}),
      ...(patch.settings !== undefined ? { settings: JSON.stringify(patch.settings) } : {}),
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.titleIfDefault !== undefined
        ? { title: sql<string>`case when title = ${DEFAULT_CONVERSATION_TITLE} then ${patch.titleIfDefault} else title end` }
        : {}),
      ...(patch.isArchived !== undefined ? { is_archived: patch.isArchived ? 1 : 0 } : {}),
    })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
