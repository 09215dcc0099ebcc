import type { ActiveJob, Message } from '@confab/shared';

/** When a reply was stored: column 1 stores its reply only after column 0 stored the question with its own. */
function createdAtOf(job: ActiveJob, messages: readonly Message[]): string {
  return messages.find((m) => m.messageId === job.responseMessageId)?.createdAt ?? job.startedAt;
}

/**
 * The running generations of a conversation to rejoin after a reload (GET /api/chat/active lists
 * every running job of the user): its newest, and, when that answers a question sent to two
 * models, the other column's, which answers the same user message. The server keeps both
 * resumable on their own streams but stores nothing that says which column a reply is: the first
 * column's is the one stored first, since the added column waits for the first to store the
 * question, with its reply, in one commit (ties go to the job started first).
 * Null when nothing runs there.
 */
export function columnsToResume(
  jobs: readonly ActiveJob[],
  conversationId: string,
  messages: readonly Message[],
): [first: ActiveJob, added: ActiveJob | null] | null {
  const mine = jobs
    .filter((j) => j.conversationId === conversationId)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  const newest = mine[0];
  if (!newest) return null;
  const partner = mine.find((j) => j !== newest && j.userMessageId === newest.userMessageId);
  if (!partner) return [newest, null];
  const [first, added] = [newest, partner].sort(
    (a, b) =>
      createdAtOf(a, messages).localeCompare(createdAtOf(b, messages)) || a.startedAt.localeCompare(b.startedAt),
  ) as [ActiveJob, ActiveJob];
  return [first, added];
}
