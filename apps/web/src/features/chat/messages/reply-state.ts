import type { Message } from '@confab/shared';

/** How a finished reply ended when it did not end on its own: what its state line says. */
export type ReplyEnding = 'stopped' | 'cut_at_length' | 'cut_by_filter';

type EndedReply = Pick<Message, 'isCreatedByUser' | 'error' | 'unfinished' | 'finish_reason'>;

/**
 * A reply's ending, by the finish reason the server stored: stopped by the user (`incomplete`,
 * which only a stop gives), cut by the token limit, or by the provider's content filter. None for
 * a reply that ended on its own, failed (its error says why) or is unfinished (its notice does).
 */
export function replyEndingOf(message: EndedReply): ReplyEnding | null {
  if (message.isCreatedByUser || message.error || message.unfinished) return null;
  switch (message.finish_reason) {
    case 'incomplete':
      return 'stopped';
    case 'length':
      return 'cut_at_length';
    case 'content_filter':
      return 'cut_by_filter';
    default:
      return null;
  }
}

/**
 * SPEC 4: Continue needs the latest message, and nothing running. It appends to a reply that did
 * not end on its own (LibreChat's rule: a finish reason other than "stop"); not to a failed one.
 */
export function canContinueReply(message: EndedReply, isLatest: boolean, isSubmitting: boolean): boolean {
  return (
    isLatest &&
    !isSubmitting &&
    !message.isCreatedByUser &&
    !message.error &&
    !message.unfinished &&
    !!message.finish_reason &&
    message.finish_reason !== 'stop'
  );
}
