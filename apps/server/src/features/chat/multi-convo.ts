import { MULTI_CONVO_ID_PATTERN, type AskRequest } from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { findMessage } from '../messages/messages.repo.js';
import type { AuthUser } from '../auth/authenticate.js';
import { hasPermissions } from '../roles/require-permission.js';
import type { Db } from '../../db/database.js';

/**
 * LibreChat's multi-conversation ("+", v0.7.8): one question sent as two asks at once, each on its
 * own route and stream with its column's endpoint, model and settings. Column 0 stores the user's
 * message, as any ask; column 1 stores only its reply, a sibling of column 0's under that message,
 * and leaves the conversation's settings and title alone (LibreChat's skipSaveUserMessage and
 * skipSaveConvo). Both name the message `<uuid>__<column>`, and a new chat `<uuid>__<column>` too,
 * since neither can wait for the server's ids. Column 1's reply is stored with LibreChat's
 * `addedConvo` flag, so that it is known as the added model's after a reload.
 *
 * Beyond LibreChat: a regenerate naming its user message `<uuid>__1` answers it again in the
 * added column (a new `addedConvo` sibling, the conversation's settings left alone). LibreChat's
 * clients regenerate with plain ids, which answer in the first column as any regenerate.
 */
export interface MultiConvoAsk {
  column: 0 | 1;
  /** The user message both columns answer. */
  userMessageId: string;
  /** A regenerate in column 1: the message is stored already, nothing to wait for. */
  isRegenerate: boolean;
  /** A new chat's conversation, its id chosen by the client; absent for an existing conversation. */
  newConversationId?: string | undefined;
}

/**
 * SPEC 6: asking several models at once needs MULTI_CONVO USE, read through the role on each
 * request so an administrator's change applies at once (`interface.multiConvo: false` turns it
 * off for every role at start). Both columns are refused (403) before anything is stored.
 */
export async function assertMultiConvoAllowed(db: Db, user: Pick<AuthUser, 'role'>): Promise<void> {
  if (!(await hasPermissions(db, user, 'MULTI_CONVO', ['USE'])))
    throw new AppError('forbidden', 'You are not allowed to ask several models at once');
}

/** How long column 1 waits for column 0 to store the user message (both are sent at once). */
export const ADDED_REPLY_WAIT_MS = 15_000;
const POLL_MS = 50;

function splitId(id: string): { id: string; column: 0 | 1 } | undefined {
  const match = MULTI_CONVO_ID_PATTERN.exec(id);
  if (!match?.[1]) return undefined;
  return { id: match[1], column: match[2] === '1' ? 1 : 0 };
}

const disagree = (what: string) =>
  new AppError('validation_error', `${what} disagree on the multi-conversation column or id`);

/**
 * The ask with LibreChat's multi-conversation ids made plain (messageId and conversationId), and
 * which column it is; the ask unchanged when it is not one. Ids that name different messages,
 * conversations or columns are refused (400).
 */
export function readMultiConvoAsk(input: AskRequest): { input: AskRequest; multi?: MultiConvoAsk } {
  const fromMessageId = input.messageId ? splitId(input.messageId) : undefined;
  const message = input.overrideUserMessageId ? splitId(input.overrideUserMessageId) : fromMessageId;
  const conversation = input.overrideConvoId ? splitId(input.overrideConvoId) : undefined;
  if (!message) {
    if (conversation) throw new AppError('validation_error', 'overrideConvoId needs overrideUserMessageId');
    return { input };
  }
  const isRegenerate = !!(input.isRegenerate || input.overrideParentMessageId);
  if (input.isContinued || (isRegenerate && message.column !== 1))
    throw new AppError(
      'validation_error',
      'A multi-conversation ask sends a new message: it cannot continue, and regenerates in column 1 only',
    );
  if (isRegenerate && (conversation || (input.overrideParentMessageId && input.overrideParentMessageId !== message.id)))
    throw new AppError(
      'validation_error',
      'A regenerate in column 1 answers its own message (overrideParentMessageId) of an existing conversation',
    );
  const plainMessageId = fromMessageId?.id ?? input.messageId;
  if ((plainMessageId && plainMessageId !== message.id) || (fromMessageId && fromMessageId.column !== message.column))
    throw disagree('messageId and overrideUserMessageId');
  if (conversation && conversation.column !== message.column)
    throw disagree('overrideConvoId and overrideUserMessageId');
  const named = input.conversationId && input.conversationId !== 'new' ? input.conversationId : undefined;
  if (conversation && named && named !== conversation.id) throw disagree('conversationId and overrideConvoId');
  return {
    input: { ...input, messageId: message.id, conversationId: conversation?.id ?? named ?? null },
    multi: { column: message.column, userMessageId: message.id, isRegenerate, newConversationId: conversation?.id },
  };
}

/**
 * Refuses ids the client chose that are not the caller's, before anything waits or is stored:
 * message and conversation ids are unique across users, so another user's id could only fail to
 * store, or worse, be answered as if it were the caller's. A taken message id or new chat id is a
 * conflict (409) and an existing conversation not theirs is not found (404), as for any ask;
 * neither says anything of the row it found.
 */
export async function refuseOthersIds(
  db: Kysely<Database>,
  userId: string,
  multi: MultiConvoAsk,
  conversationId: string | null | undefined,
): Promise<void> {
  const message = await db
    .selectFrom('messages')
    .select('user_id')
    .where('message_id', '=', multi.userMessageId)
    .executeTakeFirst();
  if (message && message.user_id !== userId) throw new AppError('conflict', 'A message with this id already exists');
  if (!conversationId || conversationId === 'new') return;
  const conversation = await db
    .selectFrom('conversations')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  if (conversation?.user_id === userId) return;
  // A new chat's conversation may not exist yet (column 0 creates it), but an existing one must.
  if (!conversation && multi.newConversationId) return;
  throw conversation && multi.newConversationId
    ? new AppError('conflict', 'A conversation with this id already exists')
    : new AppError('not_found', 'Conversation not found');
}

/**
 * Column 1's wait for column 0's request to store the user message: the two arrive together, in
 * either order, possibly at different instances. Returns once the caller's message is stored or
 * the wait is over (the plan then refuses the ask if it still is not).
 */
export async function waitForUserMessage(
  db: Kysely<Database>,
  userId: string,
  messageId: string,
  timeoutMs = ADDED_REPLY_WAIT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await findMessage(db, userId, messageId)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
