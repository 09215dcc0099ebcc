import { DEFAULT_CONVERSATION_TITLE, type Conversation, type ModelSettings } from '@confab/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { ConversationsTable, Database } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';
import { parseStoredSettings } from '../../platform/stored-settings.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type ConversationRow = ConversationsTable;

export function toConversation(row: ConversationRow): Conversation {
  return {
    ...parseStoredSettings(row.settings),
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
export async function findConversation(db: Executor, userId: string, conversationId: string): Promise<ConversationRow | undefined> {
  return (await findConversationQuery(db, { userId, conversationId }))[0];
}

const findConversationQuery = preparedQuery((db, v: { userId: string; conversationId: string }) =>
  db.selectFrom('conversations').selectAll().where('conversation_id', '=', v.conversationId).where('user_id', '=', v.userId),
);

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
  await insertConversationQuery(db, row);
  return row;
}

const insertConversationQuery = preparedQuery((db, row: ConversationRow) => db.insertInto('conversations').values(row));

export interface ConversationTouch {
  endpoint?: string;
  endpointType?: string | null;
  model?: string | null;
  settings?: ModelSettings;
  title?: string;
  /** A title that replaces only the default one (a rename made meanwhile is kept). */
  titleIfDefault?: string;
  isArchived?: boolean;
}

const touchConversationQuery = preparedQuery(
  (db, v: { set: Partial<ConversationRow>; titleIfDefault?: string; conversationId: string; userId: string }) =>
    db
      .updateTable('conversations')
      .set({
        ...v.set,
        ...(v.titleIfDefault !== undefined
          ? { title: sql<string>`case when title = ${DEFAULT_CONVERSATION_TITLE} then ${v.titleIfDefault} else title end` }
          : {}),
      })
      .where('conversation_id', '=', v.conversationId)
      .where('user_id', '=', v.userId)
      .returningAll(),
);

/** Updates the caller's conversation (bumping updated_at); undefined if none is theirs. */
export async function touchConversation(
  db: Executor,
  userId: string,
  conversationId: string,
  patch: ConversationTouch,
): Promise<ConversationRow | undefined> {
  const set: Partial<ConversationRow> = {
    updated_at: nowIso(),
    endpoint: patch.endpoint,
    endpoint_type: patch.endpointType,
    model: patch.model,
    settings: patch.settings === undefined ? undefined : JSON.stringify(patch.settings),
    title: patch.title,
    is_archived: patch.isArchived === undefined ? undefined : patch.isArchived ? 1 : 0,
  };
  return (await touchConversationQuery(db, { set, titleIfDefault: patch.titleIfDefault, conversationId, userId }))[0];
}
