import type { ContentPart, FinishReason, Message, MessageFile, ReplyAttachment, TokenUsage } from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, MessagesTable } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type MessageRow = MessagesTable;

/** The stored content parts of a message, or null for a plain-text one. */
export function contentOf(row: MessageRow): ContentPart[] | null {
  return row.content ? (JSON.parse(row.content) as ContentPart[]) : null;
}

/** The files a message carries (stored as JSON), or null for none. */
export function filesOf(row: MessageRow): MessageFile[] | null {
  return row.files ? (JSON.parse(row.files) as MessageFile[]) : null;
}

/** The files a reply's tools made (stored as JSON), or null for none. */
export function attachmentsOf(row: MessageRow): ReplyAttachment[] | null {
  return row.attachments ? (JSON.parse(row.attachments) as ReplyAttachment[]) : null;
}

/**
 * A message as the API gives it. A reply whose text is in its content parts answers `text: ""`
 * beside them, as LibreChat's agents endpoint answers and stores it (readers take the text with
 * `messageText`); the column keeps the parts' text, which search, history and speech read.
 * Replies stored as text only (before agent replies were always parts) answer as stored.
 */
export function toMessage(row: MessageRow): Message {
  const content = contentOf(row);
  const files = filesOf(row);
  const attachments = attachmentsOf(row);
  const isTextInParts = row.is_created_by_user !== 1 && Boolean(content?.some((part) => part.type === 'text'));
  return {
    messageId: row.message_id,
    conversationId: row.conversation_id,
    parentMessageId: row.parent_message_id,
    sender: row.sender,
    text: isTextInParts ? '' : row.text,
    ...(content ? { content } : {}),
    isCreatedByUser: row.is_created_by_user === 1,
    model: row.model,
    // LibreChat's message schema has these as optional strings, not nullable: absent when unset.
    ...(row.endpoint !== null ? { endpoint: row.endpoint } : {}),
    error: row.error === 1,
    unfinished: row.unfinished === 1,
    ...(row.finish_reason !== null ? { finish_reason: row.finish_reason as FinishReason } : {}),
    tokenCount: row.token_count,
    usage: row.usage ? (JSON.parse(row.usage) as TokenUsage) : null,
    ...(files ? { files } : {}),
    ...(attachments ? { attachments } : {}),
    // LibreChat's field, absent unless set (its schema's default is undefined).
    ...(row.added_convo === 1 ? { addedConvo: true } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const listMessagesQuery = preparedQuery((db, v: { userId: string; conversationId: string }) =>
  db.selectFrom('messages').selectAll().where('conversation_id', '=', v.conversationId).where('user_id', '=', v.userId).orderBy('created_at', 'asc'),
);

/** A conversation's messages, oldest first (every follow-up reads them for its history). */
export function listMessages(db: Executor, userId: string, conversationId: string): Promise<MessageRow[]> {
  return listMessagesQuery(db, { userId, conversationId });
}

const findMessageQuery = preparedQuery((db, v: { userId: string; messageId: string }) =>
  db.selectFrom('messages').selectAll().where('message_id', '=', v.messageId).where('user_id', '=', v.userId),
);

export async function findMessage(db: Executor, userId: string, messageId: string): Promise<MessageRow | undefined> {
  return (await findMessageQuery(db, { userId, messageId }))[0];
}

export interface NewMessage {
  messageId: string;
  conversationId: string;
  userId: string;
  parentMessageId: string;
  sender: string;
  text: string;
  content?: ContentPart[] | null;
  isCreatedByUser: boolean;
  model: string | null;
  endpoint: string | null;
  unfinished?: boolean;
  /** Attached files, as the server read them from its own rows. */
  files?: MessageFile[] | null;
  /** A reply of the model the "+" added (multi-conversation column 1). */
  addedConvo?: boolean;
  createdAt?: string;
}

function toNewRow(m: NewMessage): MessageRow {
  const now = m.createdAt ?? nowIso();
  return {
    message_id: m.messageId,
    conversation_id: m.conversationId,
    user_id: m.userId,
    parent_message_id: m.parentMessageId,
    sender: m.sender,
    text: m.text,
    content: m.content ? JSON.stringify(m.content) : null,
    is_created_by_user: m.isCreatedByUser ? 1 : 0,
    model: m.model,
    endpoint: m.endpoint,
    error: 0,
    unfinished: m.unfinished ? 1 : 0,
    finish_reason: null,
    token_count: null,
    usage: null,
    // Always named, so every insert has the same columns (prepared and multi-row statements).
    files: m.files?.length ? JSON.stringify(m.files) : null,
    added_convo: m.addedConvo ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
}

const insertMessageQuery = preparedQuery((db, row: MessageRow) => db.insertInto('messages').values(row));

/** Stores a message whose id the server made (a clash is a bug, and fails the transaction). */
export async function insertMessage(db: Executor, m: NewMessage): Promise<MessageRow> {
  const row = toNewRow(m);
  await insertMessageQuery(db, row);
  return row;
}

const insertExchangeQuery = preparedQuery((db, v: { request: MessageRow; reply: MessageRow }) =>
  db.insertInto('messages').values([v.request, v.reply]).onConflict((oc) => oc.column('message_id').doNothing()).returning('message_id'),
);

/**
 * Stores a user's message, whose id the client chose, with the reply the server starts for it,
 * in one statement; undefined when the message's id is taken (by anyone), and then the caller
 * rolls back its transaction, which takes the reply's row with it. One statement, so two sends
 * racing with one id get one exchange and one refusal, never a database error.
 */
export async function insertExchange(db: Executor, request: NewMessage, reply: NewMessage): Promise<{ request: MessageRow; reply: MessageRow } | undefined> {
  const rows = { request: toNewRow(request), reply: toNewRow(reply) };
  const inserted = await insertExchangeQuery(db, rows);
  return inserted.some((r) => r.message_id === request.messageId) ? rows : undefined;
}

export interface MessagePatch {
  text?: string;
  content?: ContentPart[] | null;
  error?: boolean;
  unfinished?: boolean;
  finishReason?: FinishReason | null;
  tokenCount?: number | null;
  usage?: TokenUsage | null;
  model?: string | null;
  attachments?: ReplyAttachment[] | null;
}

interface MessageUpdate {
  set: Partial<MessageRow>;
  messageId: string;
  userId: string;
}

/** The patch as the columns it sets (keys of fields the patch leaves alone stay undefined). */
function columnsOf(patch: MessagePatch): Partial<MessageRow> {
  return {
    updated_at: nowIso(),
    text: patch.text,
    content: patch.content === undefined ? undefined : patch.content ? JSON.stringify(patch.content) : null,
    error: patch.error === undefined ? undefined : patch.error ? 1 : 0,
    unfinished: patch.unfinished === undefined ? undefined : patch.unfinished ? 1 : 0,
    finish_reason: patch.finishReason,
    token_count: patch.tokenCount,
    usage: patch.usage === undefined ? undefined : patch.usage ? JSON.stringify(patch.usage) : null,
    model: patch.model,
    attachments: patch.attachments === undefined ? undefined : patch.attachments?.length ? JSON.stringify(patch.attachments) : null,
  };
}

/** The update of the caller's message (a message of someone else's is left alone). */
const messageUpdate = (db: Executor, v: MessageUpdate) =>
  db.updateTable('messages').set(v.set).where('message_id', '=', v.messageId).where('user_id', '=', v.userId);

const updateMessageQuery = preparedQuery(messageUpdate);

/** Applies the patch to the caller's message (a message of someone else's is left alone). */
export async function updateMessage(db: Executor, userId: string, messageId: string, patch: MessagePatch): Promise<void> {
  await updateMessageQuery(db, { set: columnsOf(patch), messageId, userId });
}

const updateMessageReturningQuery = preparedQuery((db, v: MessageUpdate) => messageUpdate(db, v).returningAll());

/**
 * `updateMessage`, returning the row as stored, or undefined if none is theirs: for callers
 * that send it on (a growing reply saved every second has no use for it).
 */
export async function updateMessageReturning(db: Executor, userId: string, messageId: string, patch: MessagePatch): Promise<MessageRow | undefined> {
  return (await updateMessageReturningQuery(db, { set: columnsOf(patch), messageId, userId }))[0];
}

/** The path from the root down to `leafId`, following parents (history for the model). */
/**
 * Applies the patch only if the message's text and content are still as `read`: a
 * read-modify-write that cannot overwrite a change made in between (an update time would not
 * do: two writes can share a millisecond). Undefined when it changed (or is not the caller's).
 */
export async function updateMessageIfUnchanged(db: Executor, userId: string, read: MessageRow, patch: MessagePatch): Promise<MessageRow | undefined> {
  return db
    .updateTable('messages')
    .set(columnsOf(patch))
    .where('message_id', '=', read.message_id)
    .where('user_id', '=', userId)
    .where('text', '=', read.text)
    .where('content', read.content === null ? 'is' : '=', read.content)
    .returningAll()
    .executeTakeFirst();
}

export function pathToMessage(rows: MessageRow[], leafId: string): MessageRow[] {
  const byId = new Map(rows.map((r) => [r.message_id, r]));
  const path: MessageRow[] = [];
  const seen = new Set<string>();
  let current = byId.get(leafId);
  while (current && !seen.has(current.message_id)) {
    seen.add(current.message_id);
    path.push(current);
    current = byId.get(current.parent_message_id);
  }
  return path.reverse();
}
