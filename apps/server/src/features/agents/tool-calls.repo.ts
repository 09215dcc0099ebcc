import type { Db } from '../../db/database.js';
import { newId, nowIso } from '../../platform/ids.js';

/**
 * Tools run by hand (LibreChat's ToolCall: the Run button of a code block), kept per message and
 * code block so their output shows again after a reload (`GET /api/agents/tools/calls`).
 */
export interface ToolCallRecord {
  userId: string;
  conversationId: string;
  messageId: string;
  toolId: string;
  partIndex?: number | undefined;
  blockIndex?: number | undefined;
  result: unknown;
  attachments: unknown[];
}

export async function insertToolCall(db: Db, call: ToolCallRecord): Promise<void> {
  await db.kysely
    .insertInto('tool_calls')
    .values({
      id: newId(),
      user_id: call.userId,
      conversation_id: call.conversationId,
      message_id: call.messageId,
      tool_id: call.toolId,
      part_index: call.partIndex ?? null,
      block_index: call.blockIndex ?? null,
      result: JSON.stringify(call.result),
      attachments: JSON.stringify(call.attachments),
      created_at: nowIso(),
    })
    .execute();
}

type Attachment = { expiresAt?: unknown; status?: unknown } & Record<string, unknown>;

/** A code run's file past its end says so (SPEC 3: shown as expired), as its file record does. */
function withExpiry(attachment: Attachment, now: number): Attachment {
  const { expiresAt } = attachment;
  return typeof expiresAt === 'string' && Date.parse(expiresAt) <= now
    ? { ...attachment, status: 'expired' }
    : attachment;
}

/** The caller's tool calls in a conversation, oldest first, in LibreChat's ToolCallResult shape. */
export async function listToolCalls(db: Db, userId: string, conversationId: string) {
  const rows = await db.kysely
    .selectFrom('tool_calls')
    .selectAll()
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const now = Date.now();
  return rows.map((row) => ({
    user: row.user_id,
    toolId: row.tool_id,
    messageId: row.message_id,
    conversationId: row.conversation_id,
    ...(row.part_index !== null ? { partIndex: row.part_index } : {}),
    ...(row.block_index !== null ? { blockIndex: row.block_index } : {}),
    result: row.result === null ? undefined : (JSON.parse(row.result) as unknown),
    attachments:
      row.attachments === null ? [] : (JSON.parse(row.attachments) as Attachment[]).map((a) => withExpiry(a, now)),
  }));
}
