import type { FastifyBaseLogger } from 'fastify';
import type { CommitGroup } from '../../db/commit-group.js';
import { updateMessage, type MessagePatch } from '../messages/messages.repo.js';

/** How long a growing reply may go unsaved. */
export const PERSIST_INTERVAL_MS = 1000;
/**
 * How often the writer looks for replies that are due. Each reply is saved a second after its
 * last save, so at any moment only the replies that started in the same tenth of a second are
 * written together: hundreds of streams no longer stall the server in one large write a second.
 */
const DUE_CHECK_MS = 100;

interface GrowingReply {
  userId: string;
  /** The reply as it stands, or undefined when nothing changed since the last write. */
  takeChanges(): MessagePatch | undefined;
}

interface Tracked {
  reply: GrowingReply;
  /** performance.now() at which the reply is next saved. */
  dueAt: number;
}

/**
 * Saves the growing replies of every running generation, each at most a second (and a tenth)
 * after it changed, so a killed server leaves each reply's text of about a second ago. The
 * saves of a moment go through the commit group (db/commit-group.ts): on SQLite they share a
 * commit with the chats being started and finished at the same time, rather than paying their own.
 */
export class PartialReplyWriter {
  private readonly replies = new Map<string, Tracked>();
  private writing: Promise<void> = Promise.resolve();
  /** A save is being written: the next waits for it (a slow database gets no pile of them). */
  private busy = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly commits: CommitGroup,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = PERSIST_INTERVAL_MS,
  ) {
    this.timer = setInterval(() => void this.write(), Math.min(DUE_CHECK_MS, intervalMs));
    this.timer.unref();
  }

  track(messageId: string, reply: GrowingReply): void {
    this.replies.set(messageId, { reply, dueAt: performance.now() + this.intervalMs });
  }

  /**
   * Stops saving the reply and waits for a write in flight, so that the caller's final write
   * is the last one.
   */
  async release(messageId: string): Promise<void> {
    this.replies.delete(messageId);
    await this.writing;
  }

  private write(): Promise<void> {
    // Replies stay due until a check finds the writer free.
    if (this.busy) return this.writing;
    const now = performance.now();
    const batch: [string, string, MessagePatch][] = [];
    for (const [messageId, tracked] of this.replies) {
      if (tracked.dueAt > now) continue;
      tracked.dueAt = now + this.intervalMs;
      const changes = tracked.reply.takeChanges();
      if (changes) batch.push([messageId, tracked.reply.userId, changes]);
    }
    if (!batch.length) return this.writing;
    this.busy = true;
    this.writing = this.commits
      .run(async (trx) => {
        for (const [messageId, userId, changes] of batch)
          await updateMessage(trx, userId, messageId, { ...changes, unfinished: true });
      })
      .catch((err: unknown) => this.log.error({ err, replies: batch.length }, 'failed to save growing replies'))
      .finally(() => (this.busy = false));
    return this.writing;
  }

  /** Stops the timer (the app is closing; running jobs write their own final state). */
  close(): void {
    clearInterval(this.timer);
  }
}
