import type { Message } from '@confab/shared';
import { isActivePhase, PENDING_CREATED_AT, type Submission } from './submission';

/**
 * The messages of a conversation with a submission laid over them: its user message and reply
 * replace stored copies (same id) or are added. While the submission runs, its new messages
 * sort as the newest of their siblings, whatever the client clock says.
 *
 * Only the structure matters here (ids, parents, order): the live text of the reply is read
 * by its row from the store, so this runs once per structural change, not per token.
 */
export function mergeSubmission(messages: readonly Message[], sub: Submission | undefined): readonly Message[] {
  if (!sub) return messages;
  const isPending = isActivePhase(sub.phase);
  const overlay: Message[] = [];
  if (sub.isNewUserMessage || !messages.some((m) => m.messageId === sub.userMessage.messageId)) {
    overlay.push(
      isPending && sub.isNewUserMessage ? { ...sub.userMessage, createdAt: PENDING_CREATED_AT } : sub.userMessage,
    );
  }
  const isNewReply = !messages.some((m) => m.messageId === sub.responseMessage.messageId);
  overlay.push(
    isPending && isNewReply ? { ...sub.responseMessage, createdAt: PENDING_CREATED_AT } : sub.responseMessage,
  );
  const ids = new Set(overlay.map((m) => m.messageId));
  const result: Message[] = [];
  for (const m of messages) if (!ids.has(m.messageId)) result.push(m);
  result.push(...overlay);
  return result;
}

/** Stored messages with `updates` written over them by id (and new ones appended). */
export function upsertMessages(messages: readonly Message[] | undefined, updates: readonly Message[]): Message[] {
  const byId = new Map(updates.map((m) => [m.messageId, m]));
  const result: Message[] = [];
  for (const m of messages ?? []) {
    const update = byId.get(m.messageId);
    if (update) {
      result.push(update);
      byId.delete(m.messageId);
    } else {
      result.push(m);
    }
  }
  result.push(...byId.values());
  return result;
}

/** The structural identity of a submission: the merge only needs recomputing when it changes. */
export function submissionStructureKey(sub: Submission | undefined): string {
  if (!sub) return '';
  return [
    sub.userMessage.messageId,
    sub.userMessage.parentMessageId,
    sub.responseMessage.messageId,
    isActivePhase(sub.phase) ? 'live' : sub.phase,
  ].join('|');
}
