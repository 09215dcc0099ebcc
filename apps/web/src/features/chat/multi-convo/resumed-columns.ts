import type { ActiveJob, Message } from '@confab/shared';

/**
 * Where a job's reply sorts among the columns: the added model's reply is stored with
 * `addedConvo`; else (a reply not read yet) by when it was stored: column 1 stores its reply only
 * after column 0 stored the question with its own.
 */
function columnOrderOf(job: ActiveJob, messages: readonly Message[]): string {
  const reply = messages.find((m) => m.messageId === job.responseMessageId);
  return `${reply?.addedConvo ? 1 : 0}${reply?.createdAt ?? job.startedAt}`;
}

/**
 * The running generations of a conversation to rejoin after a reload (GET /api/chat/active lists
 * every running job of the user): its newest, and, when that answers a question sent to two
 * models, the other column's, which answers the same user message. The server keeps both
 * resumable on their own streams; the added column's is the one whose reply is stored as the
 * added model's (`addedConvo`), or, not read yet, the one stored last (ties go to the job
 * started first). Null when nothing runs there.
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
      columnOrderOf(a, messages).localeCompare(columnOrderOf(b, messages)) || a.startedAt.localeCompare(b.startedAt),
  ) as [ActiveJob, ActiveJob];
  return [first, added];
}
