import type { MemeReaction, MemeReactionState, MemeReactionsResponse } from '@confab/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** One meme slot: a tool call of a message. */
export interface MemeSlot {
  userId: string;
  conversationId: string;
  messageId: string;
  toolCallId: string;
}

/**
 * The caller's message, if it is in a conversation the caller owns, with its content (JSON text).
 * Both owners are checked: the message's and its conversation's.
 */
export function findOwnMessage(db: Executor, userId: string, messageId: string) {
  return db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.conversation_id', 'messages.conversation_id')
    .select(['messages.message_id', 'messages.conversation_id', 'messages.content'])
    .where('messages.message_id', '=', messageId)
    .where('messages.user_id', '=', userId)
    .where('conversations.user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether a message's stored content (a JSON array of parts) holds a tool call with this id. */
export function hasToolCall(content: string | null, toolCallId: string): boolean {
  if (!content) return false;
  let parts: unknown;
  try {
    parts = JSON.parse(content);
  } catch {
    return false;
  }
  if (!Array.isArray(parts)) return false;
  return parts.some(
    (part: { type?: unknown; tool_call?: { id?: unknown } } | null) =>
      part?.type === 'tool_call' && part.tool_call?.id === toolCallId,
  );
}

/**
 * Toggles the caller's reaction on a slot: the reaction they already have is taken back, another
 * one replaces it. Answers the reaction they hold afterwards.
 */
export async function toggleReaction(
  trx: Transaction<Database>,
  slot: MemeSlot,
  reaction: MemeReaction,
): Promise<MemeReaction | null> {
  const current = await trx
    .selectFrom('meme_reactions')
    .select('reaction')
    .where('user_id', '=', slot.userId)
    .where('message_id', '=', slot.messageId)
    .where('tool_call_id', '=', slot.toolCallId)
    .executeTakeFirst();
  if (current?.reaction === reaction) {
    await trx
      .deleteFrom('meme_reactions')
      .where('user_id', '=', slot.userId)
      .where('message_id', '=', slot.messageId)
      .where('tool_call_id', '=', slot.toolCallId)
      .execute();
    return null;
  }
  // An upsert, so two clicks racing from two tabs end with one row, never a duplicate-key error.
  await trx
    .insertInto('meme_reactions')
    .values({
      user_id: slot.userId,
      conversation_id: slot.conversationId,
      message_id: slot.messageId,
      tool_call_id: slot.toolCallId,
      reaction,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'message_id', 'tool_call_id']).doUpdateSet({ reaction, created_at: nowIso() }),
    )
    .execute();
  return reaction;
}

/** Everyone's counts on one slot. */
export async function countSlot(
  db: Executor,
  messageId: string,
  toolCallId: string,
): Promise<Pick<MemeReactionState, 'likes' | 'dislikes'>> {
  const rows = await db
    .selectFrom('meme_reactions')
    .select(['reaction', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('message_id', '=', messageId)
    .where('tool_call_id', '=', toolCallId)
    .groupBy('reaction')
    .execute();
  const state = { likes: 0, dislikes: 0 };
  for (const row of rows) state[row.reaction === 'like' ? 'likes' : 'dislikes'] += Number(row.n);
  return state;
}

export interface ConversationReactionsOptions {
  /** Add the caller's own reaction (`mine`) to each slot; a shared page leaves it out. */
  mineOf?: string;
  /** Only these messages (a share's cut-off). */
  onlyMessages?: ReadonlySet<string>;
  /** How a message id is shown (a share's stand-in ids). */
  messageKey?: (messageId: string) => string;
}

/** A conversation's reactions by message and tool call: counts, and the caller's own when asked. */
export async function conversationReactions(
  db: Executor,
  conversationId: string,
  options: ConversationReactionsOptions = {},
): Promise<MemeReactionsResponse> {
  const counts = await db
    .selectFrom('meme_reactions')
    .select(['message_id', 'tool_call_id', 'reaction', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('conversation_id', '=', conversationId)
    .groupBy(['message_id', 'tool_call_id', 'reaction'])
    .execute();
  const mine = options.mineOf
    ? await db
        .selectFrom('meme_reactions')
        .select(['message_id', 'tool_call_id', 'reaction'])
        .where('conversation_id', '=', conversationId)
        .where('user_id', '=', options.mineOf)
        .execute()
    : [];

  const reactions: MemeReactionsResponse['reactions'] = {};
  const slotOf = (messageId: string, toolCallId: string): MemeReactionState | undefined => {
    if (options.onlyMessages && !options.onlyMessages.has(messageId)) return undefined;
    const key = options.messageKey ? options.messageKey(messageId) : messageId;
    const message = (reactions[key] ??= {});
    return (message[toolCallId] ??= options.mineOf ? { likes: 0, dislikes: 0, mine: null } : { likes: 0, dislikes: 0 });
  };
  for (const row of counts) {
    const slot = slotOf(row.message_id, row.tool_call_id);
    if (slot) slot[row.reaction === 'like' ? 'likes' : 'dislikes'] += Number(row.n);
  }
  for (const row of mine) {
    const slot = slotOf(row.message_id, row.tool_call_id);
    if (slot) slot.mine = row.reaction;
  }
  return { reactions };
}
