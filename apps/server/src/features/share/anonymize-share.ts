import { createHash } from 'node:crypto';
import { NO_PARENT, WEB_SEARCH_TOOL, type Message, type SharedMessage } from '@confab/shared';

/**
 * A stable stand-in for a real id on one shared page: the same real id always gives the same
 * stand-in within a share (so the tree still links and reloads agree), different shares give
 * different ones, and the real id cannot be read back from it.
 */
export function anonymousId(prefix: 'msg' | 'convo', shareId: string, realId: string): string {
  return `${prefix}_${createHash('sha256').update(`${shareId}:${realId}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Messages as a visitor sees them: message, parent and conversation ids replaced by their
 * stand-ins, no owner, no usage figures. "No parent" stays the all-zero id.
 */
export function anonymizeMessages(shareId: string, conversationId: string, messages: readonly Message[]): SharedMessage[] {
  const anonymousConversationId = anonymousId('convo', shareId, conversationId);
  return messages.map(({ usage: _usage, ...message }) => ({
    ...message,
    // A search's sources stay (the page shows its citations), under the stand-in ids.
    ...(message.attachments
      ? {
          attachments: message.attachments.map((attachment) =>
            attachment.type === WEB_SEARCH_TOOL
              ? {
                  ...attachment,
                  messageId: anonymousId('msg', shareId, message.messageId),
                  conversationId: anonymousConversationId,
                }
              : attachment,
          ),
        }
      : {}),
    messageId: anonymousId('msg', shareId, message.messageId),
    parentMessageId: message.parentMessageId === NO_PARENT ? NO_PARENT : anonymousId('msg', shareId, message.parentMessageId),
    conversationId: anonymousConversationId,
  }));
}
